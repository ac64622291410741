/** The certificate's words in German (certificate/en.ts says what they are). A notary reads them: formal address, exact, no shorthand. */
export const certificateDe = {
  certificate: {
    title: 'Registrierungszertifikat — {{name}}',
    heading: 'Registrierungszertifikat',
    inLanguage:
      'Dieses Zertifikat ist auf Deutsch abgefasst. Notarium erstellt aus derselben Quittung dasselbe Zertifikat auch auf Englisch und Französisch; Hashwerte, Kennungen und Befehle sind darin identisch.',
    testMark: 'TEST — Kette {{label}}: kein Nachweis auf mainnet',
    issued: 'Ausgestellt von Notarium am {{date}} für das Netz {{network}}.',
    importedVerified:
      'Die Quittung wurde am {{date}} von ihrem Aussteller datiert und gilt für das Netz {{network}}. Importiert aus einer Quittung, die beim Import verifiziert war; die Registrierung hat nicht Notarium vorgenommen.',
    importedPartial:
      'Die Quittung wurde am {{date}} von ihrem Aussteller datiert und gilt für das Netz {{network}}. Importiert aus einer Quittung, die beim Import nur teilweise verifiziert war; die Registrierung hat nicht Notarium vorgenommen.',
    importedPending:
      'Die Quittung wurde am {{date}} von ihrem Aussteller datiert und gilt für das Netz {{network}}. Importiert aus einer Quittung, die beim Import noch ausstehend war; die Registrierung hat nicht Notarium vorgenommen.',
    verified: 'Verifiziert',
    verifiedTestChain: 'Verifiziert auf {{network}}, einer Testkette: Ihr Arbeitsnachweis beweist nichts',
    pending: 'Ausstehend: noch in keinem Block',
    partial: 'Teilweise verifiziert, nicht verifiziert',
    notProven: 'Hier nicht bewiesen:',
    qrLabel: 'QR-Code des Explorer-Links',
    qrCaption: 'Scannen Sie ihn, um die Transaktion in einem Explorer zu sehen',
    file: 'Datei',
    size: 'Größe',
    bytes_one: '{{count, number}} Byte',
    bytes_other: '{{count, number}} Byte',
    sha256: 'SHA-256',
    fingerprint: 'Fingerabdruck',
    transaction: 'Transaktion',
    batch: 'Stapel',
    block: 'Block',
    blockTime: 'Blockzeit',
    confirmations: 'Bestätigungen',
    confirmationsClaimed: '{{confirmations}}, laut der importierten Quittung (nicht verifiziert)',
    explorer: 'Explorer',
    noLinkSimulated:
      'Kein öffentlicher Link: Die Sandbox-Kette wird von der Notarium-Sandbox simuliert, die diese Datei registriert hat, und kein öffentlicher Explorer zeigt sie an. Die Quittungsdatei enthält den Nachweis.',
    noLinkPrivate:
      'Kein öffentlicher Link: Der Explorer des Profils unter {{host}} antwortet nur auf dem Computer oder in dem Netzwerk, von dem aus diese Datei registriert wurde. Die Quittungsdatei enthält den Nachweis.',
    batchFile: 'Datei {{position}} von {{files}}, gemeinsam verankert durch die Registrierung {{txId}} (Stapel {{id}}); keine andere Datei wird hier genannt.',
    batchFileNotSent:
      'Datei {{position}} von {{files}}, gemeinsam verankert durch eine noch nicht gesendete Registrierung (Stapel {{id}}); keine andere Datei wird hier genannt.',
    batchImported:
      'Eine der Dateien eines Stapels, gemeinsam verankert durch die Registrierung {{txId}} (Stapel {{id}}, bekannt aus den Quittungen seiner Dateien); keine andere Datei wird hier genannt.',
    batchImportedNotSent:
      'Eine der Dateien eines Stapels, gemeinsam verankert durch eine noch nicht gesendete Registrierung (Stapel {{id}}, bekannt aus den Quittungen seiner Dateien); keine andere Datei wird hier genannt.',
    heldPartialLacking:
      'Die Prüfung unten liest nur die Quittung. Notarium führt sie als importierten Beleg, teilweise verifiziert: Ihrer Quittung fehlten Belege, um alles zu prüfen, was sie behauptet.',
    heldPartialTestChain:
      'Die Prüfung unten liest nur die Quittung. Notarium führt sie als importierten Beleg, teilweise verifiziert: Auf einer Testkette kann jeder einen Header minen, und kein Dienst der Bibliothek hat ihre Transaktions-ID bestätigt.',
    heldPartialWasPending:
      'Die Prüfung unten liest nur die Quittung. Notarium führt sie als importierten Beleg, teilweise verifiziert: Sie war beim Import noch ausstehend, und die Belege ihres Dienstes haben sie seither nicht vollständig verifiziert.',
    heldPendingLacking:
      'Die Prüfung unten liest nur die Quittung. Notarium führt sie als importierten Beleg, ausstehend: Ihrer Quittung fehlten Belege, um alles zu prüfen, was sie behauptet.',
    heldPendingTestChain:
      'Die Prüfung unten liest nur die Quittung. Notarium führt sie als importierten Beleg, ausstehend: Auf einer Testkette kann jeder einen Header minen, und kein Dienst der Bibliothek hat ihre Transaktions-ID bestätigt.',
    heldPendingWasPending:
      'Die Prüfung unten liest nur die Quittung. Notarium führt sie als importierten Beleg, ausstehend: Sie war beim Import noch ausstehend, und die Belege ihres Dienstes haben sie seither nicht vollständig verifiziert.',
    checked: 'Was geprüft wurde',
    stepPassed: '{{label}} — bestanden: {{detail}}',
    stepFailed: '{{label}} — FEHLGESCHLAGEN: {{detail}}',
    stepSkipped: '{{label}} — hier nicht geprüft: {{detail}}',
    unaskedChain:
      '{{label}} — hier nicht geprüft: Dieser Schritt fragt über das Netzwerk nach (bei einem Block-Explorer, ob der Block in der besten Kette liegt), wie Notarium es bei der Online-Prüfung tut.',
    unaskedService:
      '{{label}} — hier nicht geprüft: Dieser Schritt fragt über das Netzwerk nach (beim Dienst, ob er diesen Eintrag noch führt), wie Notarium es bei der Online-Prüfung tut.',
    unaskedBoth:
      '{{labels}} — hier nicht geprüft: Diese Schritte fragen über das Netzwerk nach (bei einem Block-Explorer, ob der Block in der besten Kette liegt; beim Dienst, ob er diesen Eintrag noch führt), wie Notarium es bei der Online-Prüfung tut.',
    byHand: 'So prüfen Sie es selbst',
    handDigest:
      'Berechnen Sie den SHA-256 der Datei; er muss {{sha256}} lauten. So berechnen Sie ihn: in einem Terminal unter Linux oder macOS (einer POSIX-Shell: sh, bash, zsh) mit {{sha256sum}} (unter macOS ohne coreutils mit {{shasum}}); in der Windows PowerShell mit {{powershell}}, das ihn in Großbuchstaben ausgibt.',
    handUntypeable:
      'Der Dateiname enthält Zeichen, die sich nicht unverändert anzeigen oder kopieren lassen (oben als {{escapes}}-Escapes): Geben Sie ihn anstelle von {{placeholder}} ein, zum Beispiel mit der Tabulatortaste.',
    handBatch_one:
      'Die Datei wurde in einem Stapel registriert: Ihr Blatt ist der SHA-256 aus dem Byte {{zero}}, den 32 Bytes ihres SHA-256 und ihrer Nonce {{nonce}}; entlang des Stapelpfads der Quittung gefaltet ({{count}} Eintrag, jeweils der SHA-256 aus {{one}}, links, rechts), muss es die Stapelwurzel {{root}} ergeben, den registrierten Wert.',
    handBatch_other:
      'Die Datei wurde in einem Stapel registriert: Ihr Blatt ist der SHA-256 aus dem Byte {{zero}}, den 32 Bytes ihres SHA-256 und ihrer Nonce {{nonce}}; entlang des Stapelpfads der Quittung gefaltet ({{count}} Einträge, jeweils der SHA-256 aus {{one}}, links, rechts), muss es die Stapelwurzel {{root}} ergeben, den registrierten Wert.',
    handSalt: 'Stellen Sie diesen 32 Bytes den Salt {{salt}} (als ASCII) voran und hashen Sie erneut mit SHA-256: Das Ergebnis muss {{published}} lauten.',
    handSaltBatch:
      'Stellen Sie den 32 Bytes der Stapelwurzel den Salt {{salt}} (als ASCII) voran und hashen Sie erneut mit SHA-256: Das Ergebnis muss {{published}} lauten.',
    handExplorer:
      'Suchen Sie die Transaktion {{txId}} in einem beliebigen Explorer des Netzes {{network}} und prüfen Sie, ob das Skript einer ihrer Ausgaben diese Bytes vollständig und in dieser Reihenfolge enthält (meist als Daten nach {{opReturn}}, unter Umständen neben eigenen Daten des Dienstes).',
    handSimulated:
      'Die Transaktion {{txId}} liegt auf einer simulierten Kette, die kein öffentlicher Explorer zeigt: Die Quittungsdatei enthält sie vollständig (ihr Feld {{field}}, dessen doppelter SHA-256 in umgekehrter Bytereihenfolge diese ID ist). Prüfen Sie, ob das Skript einer ihrer Ausgaben diese Bytes vollständig und in dieser Reihenfolge enthält (meist als Daten nach {{opReturn}}, unter Umständen neben eigenen Daten des Dienstes).',
    handBlock:
      'Prüfen Sie, ob die Transaktion in Block {{block}} der schwersten Kette liegt. Mit dem Merkle-Beweis in der Quittungsdatei geht das, ohne dem Explorer vertrauen zu müssen.',
    receiptHolds: 'Die Quittungsdatei {{receipt}} enthält alles, was nötig ist, um dies offline zu prüfen, mit Notarium oder von Hand.',
  },
} as const;
