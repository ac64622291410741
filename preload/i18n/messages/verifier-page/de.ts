/** The offline verifier page's words in German (verifier-page/en.ts says what they are). Its reader may know nothing of Notarium: plain, formal ("Sie"), exact. */
export const verifierPageDe = {
  verifierPage: {
    title: 'Einen Notarium-Nachweis prüfen',
    heading: 'Einen Nachweis prüfen',
    lead: 'Prüfen Sie eine Datei anhand ihrer Notarium-Quittung: dass es die registrierte Datei ist und dass die Registrierung in einem Block steht.',
    privateOffline: 'Alles geschieht auf dieser Seite: Nichts wird hochgeladen, und die Seite kann das Netzwerk nicht erreichen.',
    privateLookup:
      'Alles geschieht auf dieser Seite: Nichts wird hochgeladen, und die Seite erreicht im Netzwerk nur {{source}}, wenn Sie dort fragen, ob der Block in der besten Kette liegt.',
    language: 'Sprache',
    dropTitle: 'Datei und Quittung hier ablegen',
    dropHint: 'Die Quittung ist die Datei, deren Name auf .receipt.json endet. Die Reihenfolge ist beliebig.',
    chooseFile: 'Datei wählen',
    fileInput: 'Zu prüfende Datei',
    chooseReceipt: 'Quittung wählen',
    receiptInput: 'Quittung für die Prüfung',
    oneAtATime: 'Geprüft werden je eine Datei und eine Quittung: Von jeder Art wurde die erste genommen. Legen Sie die übrigen danach ab.',
    inputs: 'Was geprüft wird',
    result: 'Ergebnis',
    file: 'Datei',
    receipt: 'Quittung',
    noFile: 'Noch keine: Fügen Sie sie hinzu, um zu prüfen, ob es die Datei ist, zu der die Quittung gehört.',
    noReceipt: 'Noch keine: Der Nachweis steht in der Datei, deren Name auf .receipt.json endet.',
    sha256: 'SHA-256',
    hashing: 'Der SHA-256 der Datei wird berechnet…',
    hashingLabel: 'Hashwert der Datei wird berechnet',
    unreadableFile: '{{name}} konnte nicht gelesen werden: {{reason}}',
    checking: 'Wird geprüft…',
    addReceipt: 'Fügen Sie die Quittung hinzu, um zu sehen, ob diese Datei die ist, die sie nachweist.',
    waiting: 'Hier erscheint das Ergebnis, mit jeder durchgeführten Prüfung und dem, was sie beweist.',
    steps: 'Schritte',
    chainGroup: 'Prüfung der besten Kette',
    chainQuestion: 'Liegt der Block in der besten Kette?',
    chainOffer:
      'Dieser Nachweis wurde offline geprüft. Die Seite kann außerdem {{source}}, den mitgelieferten Block-Explorer, fragen, ob der Block in der besten Kette liegt: Sie sendet dabei nur den Hash des Blocks, sonst nichts.',
    chainAsk: 'Bei {{source}} prüfen, ob der Block in der besten Kette liegt',
    chainAsking: '{{source}} wird gefragt…',
    chainAskAgain: '{{source}} erneut fragen',
    chainLocal: '{{source}} antwortet nur auf dem Computer oder im Netzwerk, von dem aus die Datei registriert wurde.',
    footOffline:
      'Dieselben Schritte, Sätze und Ergebnisse wie die Notarium-App und {{verify}}. Die Prüfungen der besten Kette und beim Dienst brauchen das Netzwerk und bleiben diesen überlassen. Diese Seite kann sich nicht selbst verbürgen: Wer sie gesendet hat, könnte sie verändert haben. Prüfen Sie, ob ihr SHA-256 ({{sha256sum}}) der für Ihre Notarium-Version veröffentlichte ist, oder verwenden Sie eine eigene Kopie ({{ownCopy}}).',
    footLookup:
      'Dieselben Schritte, Sätze und Ergebnisse wie die Notarium-App und {{verify}}. Die Prüfung beim Dienst braucht einen API-Schlüssel und bleibt diesen überlassen. Diese Seite kann sich nicht selbst verbürgen: Wer sie gesendet hat, könnte sie verändert haben. Prüfen Sie, ob ihr SHA-256 ({{sha256sum}}) der für Ihre Notarium-Version veröffentlichte ist, oder verwenden Sie eine eigene Kopie ({{ownCopy}}).',
    noScript:
      'Diese Seite prüft eine Datei und ihre Notarium-Quittung mit ihrem eigenen Skript, innerhalb dieser Seite: Erlauben Sie Skripte für diese Datei, um sie zu verwenden.',
    checkHeading: 'Datei hier prüfen',
    checkDropTitle: 'Datei auf diesem Zertifikat ablegen',
    checkDropHint:
      'Sie wird anhand der in dieser Seite enthaltenen Quittung geprüft, mit denselben Schritten wie in der Notarium-App. Sie wird nur hier gelesen: Nichts wird hochgeladen.',
    checkFileInput: 'Zu prüfende Datei',
    checkCaution:
      'Diese Prüfung steckt im Zertifikat und kann sich nicht selbst verbürgen: Um sicherzugehen, prüfen Sie Datei und Quittung mit einer eigenen Kopie von Notarium.',
    checkHashing: 'SHA-256 von {{name}} wird berechnet… {{percent}}',
    checkDigest: '{{name}}: SHA-256 {{digest}}',
  },
} as const;
