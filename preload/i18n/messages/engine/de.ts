/** The engine's sentences in German (engine/en.ts says what each group is). */
export const engineDe = {
  stepLabels: {
    fileDigest: 'Hashwert der Datei',
    record: 'Eintrag',
    aggregation: 'Stapelpfad',
    fingerprint: 'Fingerabdruck',
    transaction: 'Transaktion',
    merkleProof: 'Merkle-Beweis',
    blockHeader: 'Block-Header',
    chain: 'Beste Kette',
    service: 'Prüfung beim Dienst',
  },
  stepNames: {
    fileDigest: '„Hashwert der Datei“',
    record: '„Eintrag“',
    aggregation: '„Stapelpfad“',
    fingerprint: '„Fingerabdruck“',
    transaction: '„Transaktion“',
    merkleProof: '„Merkle-Beweis“',
    blockHeader: '„Block-Header“',
    chain: '„Beste Kette“',
    service: '„Prüfung beim Dienst“',
  },
  steps: {
    noFile:
      'Es wurde keine Datei angegeben, daher wurde der SHA-256 der Datei in der Quittung mit nichts verglichen. Geben Sie die Datei an, um zu prüfen, ob es die Datei dieser Quittung ist.',
    fileDigestPass: 'Der SHA-256 der angegebenen Datei stimmt mit dem in der Quittung überein ({{sha256}}).',
    recordInBatch: 'Die Datei gehört zu einem Stapel: Der registrierte Eintrag ist die Wurzel des Stapels, geprüft im Schritt „Stapelpfad“.',
    recordPass: 'Der registrierte Eintrag ist der SHA-256 der Datei: Registriert wurde also der Hashwert dieser Datei.',
    noBatch: 'Keine Aggregation: Die Datei wurde einzeln registriert, nicht als Teil eines Stapels.',
    batchPass_one:
      'Die Datei ist ein Blatt eines gemeinsam registrierten Stapels: Ihr Blatt (aus ihrem SHA-256 und ihrer eigenen Nonce), entlang des einzigen Eintrags des Stapelpfads gefaltet, ergibt die Wurzel des Stapels, und diese Wurzel ist der registrierte Eintrag: Die eine Registrierung verankert diese Datei.',
    batchPass_other:
      'Die Datei ist ein Blatt eines gemeinsam registrierten Stapels: Ihr Blatt (aus ihrem SHA-256 und ihrer eigenen Nonce), entlang der {{count, number}} Einträge des Stapelpfads gefaltet, ergibt die Wurzel des Stapels, und diese Wurzel ist der registrierte Eintrag: Die eine Registrierung verankert diese Datei.',
    fingerprintPass: 'Die Codierung ({{encode}}) auf den registrierten Eintrag angewandt ergibt den veröffentlichten Fingerabdruck.',
    fingerprintPassNoEncoder: 'Die Codierung (kein Encoder) auf den registrierten Eintrag angewandt ergibt den veröffentlichten Fingerabdruck.',
    noRawTransaction:
      'Die Quittung enthält keine Rohtransaktion, daher wurde der veröffentlichte Fingerabdruck nicht in der Kette gefunden; der übrige Nachweis zeigt nicht, was die Transaktion enthält.',
    txInReceiptOwnPush:
      'Der Hash der Rohtransaktion in der Quittung ist die Transaktions-ID der Registrierung, und ihre Ausgabe {{output}} trägt den veröffentlichten Fingerabdruck als eigenen Daten-Push.',
    txInReceiptInPush:
      'Der Hash der Rohtransaktion in der Quittung ist die Transaktions-ID der Registrierung, und ihre Ausgabe {{output}} trägt den veröffentlichten Fingerabdruck in einem Daten-Push, neben anderen Bytes (den Metadaten des Dienstes).',
    txInReceiptInScript:
      'Der Hash der Rohtransaktion in der Quittung ist die Transaktions-ID der Registrierung, und ihre Ausgabe {{output}} trägt den veröffentlichten Fingerabdruck in ihrem Skript.',
    txInProofOwnPush:
      'Der Hash der Rohtransaktion im Merkle-Beweis ist die Transaktions-ID der Registrierung, und ihre Ausgabe {{output}} trägt den veröffentlichten Fingerabdruck als eigenen Daten-Push.',
    txInProofInPush:
      'Der Hash der Rohtransaktion im Merkle-Beweis ist die Transaktions-ID der Registrierung, und ihre Ausgabe {{output}} trägt den veröffentlichten Fingerabdruck in einem Daten-Push, neben anderen Bytes (den Metadaten des Dienstes).',
    txInProofInScript:
      'Der Hash der Rohtransaktion im Merkle-Beweis ist die Transaktions-ID der Registrierung, und ihre Ausgabe {{output}} trägt den veröffentlichten Fingerabdruck in ihrem Skript.',
    noMerkleProof: 'Noch keine Bestätigung: Die Transaktion ist in keinem Block, daher gibt es keinen Merkle-Beweis.',
    merkleProofPass_one: 'Das Falten des einzigen Knotens ab Index {{index}} ergibt die Merkle-Wurzel {{root}}.',
    merkleProofPass_other: 'Das Falten der {{count, number}} Knoten ab Index {{index}} ergibt die Merkle-Wurzel {{root}}.',
    noBlock: 'Noch keine Bestätigung: Es gibt keinen Block zu prüfen.',
    noHeaderRootTarget:
      'Die Quittung enthält keinen Block-Header (ihr Merkle-Beweis zielt auf die Merkle-Wurzel, und daneben liegt kein Header), daher wurde die Merkle-Wurzel nicht an den Block gebunden und sein Arbeitsnachweis nicht geprüft.',
    noHeaderHashTarget:
      'Die Quittung enthält keinen Block-Header (ihr Merkle-Beweis zielt auf den Block-Hash, und daneben liegt kein Header), daher wurde die Merkle-Wurzel nicht an den Block gebunden und sein Arbeitsnachweis nicht geprüft.',
    headerNetworkUnknown:
      'Der Header von Block {{block}} enthält die Merkle-Wurzel des Beweises, und sein Hash erfüllt das Ziel seiner eigenen Bits ({{bits}}), aber sein Arbeitsnachweis konnte nicht beurteilt werden: Die Netzbezeichnung {{label}} ist weder mainnet noch testnet, stn, regtest oder sandbox, daher sagt keine Grenze, wie schwer seine Blöcke sein müssen.',
    headerPass:
      'Der Header von Block {{block}} (Zeit {{time}}) enthält die Merkle-Wurzel des Beweises, und sein Hash erfüllt das Ziel seiner Bits ({{bits}}), innerhalb der Grenze des Netzes {{network}}.',
    headerPassFloor:
      'Der Header von Block {{block}} (Zeit {{time}}) enthält die Merkle-Wurzel des Beweises, und sein Hash erfüllt das Ziel seiner Bits ({{bits}}), innerhalb der Grenze des Netzes {{network}} und über seiner Mindestarbeit (Schwierigkeit 2^30, etwa 1,07 Milliarden).',
    headerPassTestChain:
      'Der Header von Block {{block}} (Zeit {{time}}) enthält die Merkle-Wurzel des Beweises, und sein Hash erfüllt das Ziel seiner Bits ({{bits}}), innerhalb der Grenze des Netzes {{network}}. {{chain}} ist eine Testkette: Dort kann jeder mit einem gewöhnlichen Computer einen Block minen, daher beweist dieser Arbeitsnachweis nichts.',
    noBlockOnChain: 'Noch keine Bestätigung: Es gibt keinen Block, der in der Kette zu suchen wäre.',
    chainOffline: 'Braucht das Netzwerk: Ein Block-Explorer wird gefragt, ob der Block in der besten Kette liegt; eine Offline-Prüfung tut das nicht.',
    chainPass_one: 'Block {{block}} liegt in der besten Kette, auf Höhe {{height}}, mit {{count, number}} Bestätigung, laut {{source}} um {{at}}.',
    chainPass_other: 'Block {{block}} liegt in der besten Kette, auf Höhe {{height}}, mit {{count, number}} Bestätigungen, laut {{source}} um {{at}}.',
    chainPassNoHeight_one: 'Block {{block}} liegt in der besten Kette, mit {{count, number}} Bestätigung, laut {{source}} um {{at}}.',
    chainPassNoHeight_other: 'Block {{block}} liegt in der besten Kette, mit {{count, number}} Bestätigungen, laut {{source}} um {{at}}.',
    serviceOffline:
      'Braucht das Netzwerk und einen API-Schlüssel: Der Dienst wird gefragt, ob er diesen Eintrag noch führt; eine Offline-Prüfung tut das nicht.',
    servicePass: 'Der Dienst (Profil „{{profile}}“) bestätigt, dass der Eintrag zur Transaktion {{txId}} passt.',
    notRun: 'Nicht geprüft: Der Schritt {{step}} ist fehlgeschlagen.',
  },
  verdicts: {
    verified: 'Verifiziert: Der Fingerabdruck der Datei steht in Transaktion {{txId}}, in Block {{block}}.',
    verifiedTestChain:
      'Verifiziert auf {{network}}, einer Testkette: Der Fingerabdruck der Datei steht in Transaktion {{txId}}, in Block {{block}}. Der Arbeitsnachweis eines Blocks von {{network}} beweist nichts (dort kann jeder mit einem gewöhnlichen Computer einen Block minen), daher ist dies kein Nachweis auf mainnet.',
    failedAt: 'Die Prüfung ist im Schritt {{step}} fehlgeschlagen.',
    notVerifiable: 'Die Quittung konnte nicht geprüft werden: Ein Teil ihres Inhalts war nicht lesbar.',
    pending:
      'Die Registrierung ist noch nicht bestätigt: Ihre Transaktion ist in keinem Block, daher verankert nichts die Datei in der Zeit. Aktualisieren Sie die Quittung, sobald der Dienst eine Bestätigung meldet.',
    partial_one: 'Teilweise verifiziert, nicht verifiziert: Keine Prüfung ist fehlgeschlagen, aber der Schritt {{steps}} konnte nicht geprüft werden.',
    partial_other: 'Teilweise verifiziert, nicht verifiziert: Keine Prüfung ist fehlgeschlagen, aber die Schritte {{steps}} konnten nicht geprüft werden.',
    networkUnknown: 'Notarium kennt die Netzbezeichnung {{label}} nicht, daher kann der Arbeitsnachweis keines ihrer Blöcke beurteilt werden.',
    partialDisowned:
      'Teilweise verifiziert, nicht verifiziert: Alle Offline-Prüfungen waren erfolgreich, aber der Dienst, der diese Quittung erstellt hat, kennt sie nicht.',
    disownedToo: 'Auch der Dienst, der diese Quittung erstellt hat, kennt sie nicht.',
    partialServiceNotMade:
      'Teilweise verifiziert, nicht verifiziert: Alle Offline-Prüfungen waren erfolgreich, aber die verlangte Prüfung beim Dienst war nicht möglich.',
    serviceNotMadeEither: 'Auch die verlangte Prüfung beim Dienst war nicht möglich.',
    partialChainNotMade:
      'Teilweise verifiziert, nicht verifiziert: Alle Offline-Prüfungen waren erfolgreich, aber die verlangte Prüfung der besten Kette war nicht möglich.',
    importedPendingHeld:
      'Teilweise verifiziert, nicht verifiziert: Die Bibliothek führt diese Registrierung als importierte Quittung, die beim Import noch ausstehend war (die Belege ihres Dienstes haben sie seither nicht vollständig verifiziert; Notarium hat sie nicht registriert). Alle Prüfungen der enthaltenen Belege waren erfolgreich.',
    importedPartial:
      'Teilweise verifiziert, nicht verifiziert: Die Bibliothek führt diese Registrierung als importierte Quittung, die beim Import nur teilweise verifiziert war (ihrer Quittung fehlten Belege, um alles zu prüfen, was sie behauptet; Notarium hat sie nicht registriert). Alle Prüfungen der enthaltenen Belege waren erfolgreich.',
    importedPartialTestChain:
      'Teilweise verifiziert, nicht verifiziert: Die Bibliothek führt diese Registrierung als importierte Quittung, die beim Import nur teilweise verifiziert war (auf einer Testkette kann jeder einen Header minen, und kein Dienst der Bibliothek hat ihre Transaktions-ID bestätigt; Notarium hat sie nicht registriert). Alle Prüfungen der enthaltenen Belege waren erfolgreich.',
    noRegistration: 'Neben dieser Datei liegt keine Quittung, und die Bibliothek hat keine Registrierung ihres Inhalts.',
    notInBlock: 'Registriert ({{txId}}), aber in keinem Block.',
    notInBlockAsked: 'Registriert ({{txId}}), aber bei der letzten Abfrage um {{at}} in keinem Block.',
    batchNotInBlock: 'Als eine der Dateien eines Stapels registriert ({{txId}}), aber in keinem Block.',
    batchNotInBlockAsked: 'Als eine der Dateien eines Stapels registriert ({{txId}}), aber bei der letzten Abfrage um {{at}} in keinem Block.',
    filesNotInBlock_one: 'Als einzige Datei eines Stapels registriert ({{txId}}), aber in keinem Block.',
    filesNotInBlock_other: 'Als eine von {{count, number}} Dateien registriert ({{txId}}), aber in keinem Block.',
    filesNotInBlockAsked_one: 'Als einzige Datei eines Stapels registriert ({{txId}}), aber bei der letzten Abfrage um {{at}} in keinem Block.',
    filesNotInBlockAsked_other: 'Als eine von {{count, number}} Dateien registriert ({{txId}}), aber bei der letzten Abfrage um {{at}} in keinem Block.',
    provesFileHeader:
      'Diese Datei existierte spätestens zu Block {{block}}, dessen Header die Zeit {{time}} angibt (Header-Zeiten sind auf etwa zwei Stunden genau).',
    provesFileHeaderIf:
      'Sofern die unbewiesenen Punkte zutreffen, existierte diese Datei spätestens zu Block {{block}}, dessen Header die Zeit {{time}} angibt (Header-Zeiten sind auf etwa zwei Stunden genau).',
    provesDigestHeader:
      'Die Datei mit dem SHA-256 {{sha256}} existierte spätestens zu Block {{block}}, dessen Header die Zeit {{time}} angibt (Header-Zeiten sind auf etwa zwei Stunden genau).',
    provesDigestHeaderIf:
      'Sofern die unbewiesenen Punkte zutreffen, existierte die Datei mit dem SHA-256 {{sha256}} spätestens zu Block {{block}}, dessen Header die Zeit {{time}} angibt (Header-Zeiten sind auf etwa zwei Stunden genau).',
    provesFileReported:
      'Diese Datei existierte spätestens zu Block {{block}}, dessen Zeit der Dienst mit {{time}} angab (ungeprüft: Die Quittung enthält keinen Block-Header).',
    provesFileReportedIf:
      'Sofern die unbewiesenen Punkte zutreffen, existierte diese Datei spätestens zu Block {{block}}, dessen Zeit der Dienst mit {{time}} angab (ungeprüft: Die Quittung enthält keinen Block-Header).',
    provesDigestReported:
      'Die Datei mit dem SHA-256 {{sha256}} existierte spätestens zu Block {{block}}, dessen Zeit der Dienst mit {{time}} angab (ungeprüft: Die Quittung enthält keinen Block-Header).',
    provesDigestReportedIf:
      'Sofern die unbewiesenen Punkte zutreffen, existierte die Datei mit dem SHA-256 {{sha256}} spätestens zu Block {{block}}, dessen Zeit der Dienst mit {{time}} angab (ungeprüft: Die Quittung enthält keinen Block-Header).',
    testChainProvesNothing:
      'Aber {{network}} ist eine Testkette: Dort kann jeder mit einem gewöhnlichen Computer einen Block minen, daher beweist ihr Arbeitsnachweis nichts, und dies ist kein Nachweis auf mainnet.',
    explorerAnswered_one:
      '{{source}} antwortete um {{at}}, dass der Block in seiner besten Kette liegt, auf Höhe {{height}} mit {{count, number}} Bestätigung.',
    explorerAnswered_other:
      '{{source}} antwortete um {{at}}, dass der Block in seiner besten Kette liegt, auf Höhe {{height}} mit {{count, number}} Bestätigungen.',
    restsOnExplorer:
      'Dass der Block in der schwersten Kette des Netzes {{network}} liegt, beruht auf dem Wort eines Block-Explorers; jeder andere Explorer dieses Netzes oder eine Header-Kette, der Sie vertrauen, kann es bestätigen.',
    restsOnExplorerUnknown:
      'Dass der Block in der schwersten Kette des Netzes liegt, das die Quittung {{label}} nennt, beruht auf dem Wort eines Block-Explorers; jeder andere Explorer dieses Netzes oder eine Header-Kette, der Sie vertrauen, kann es bestätigen.',
    notHeaviest:
      'Das beweist nicht, dass der Block in der schwersten Kette des Netzes {{network}} liegt: Prüfen Sie das mit einem beliebigen Block-Explorer dieses Netzes oder anhand einer Header-Kette, der Sie vertrauen.',
    notHeaviestUnknown:
      'Das beweist nicht, dass der Block in der schwersten Kette des Netzes liegt, das die Quittung {{label}} nennt: Prüfen Sie das mit einem beliebigen Block-Explorer dieses Netzes oder anhand einer Header-Kette, der Sie vertrauen.',
    unprovenFile: 'Dass eine bestimmte Datei die beschriebene ist: Es wurde keine Datei angegeben, daher wurde ihr SHA-256 nicht mit {{sha256}} verglichen.',
    unprovenTransaction:
      'Dass Transaktion {{txId}} diesen Fingerabdruck trägt: Die Quittung enthält keine Rohtransaktion. Holen Sie sie von einem beliebigen Block-Explorer und prüfen Sie, ob das Skript einer Ausgabe die Bytes {{bytes}} enthält.',
    unprovenWork:
      'Dass Block {{block}} überhaupt Arbeit gekostet hat: Die Netzbezeichnung {{label}} der Quittung ist weder mainnet noch testnet, stn, regtest oder sandbox, daher konnte sein Arbeitsnachweis nicht beurteilt werden, und ein Block, den jeder im Nu minen kann, beweist nichts.',
    unprovenHeader:
      'Dass Transaktion {{txId}} in Block {{block}} liegt, sowie Zeit und Arbeitsnachweis des Blocks: Die Quittung enthält keinen Block-Header. Holen Sie den Header dieses Blocks von einem beliebigen Block-Explorer.',
    unprovenHeaderNetwork: 'Selbst dann kennt Notarium ihre Netzbezeichnung {{label}} nicht, daher konnte ihr Arbeitsnachweis nicht beurteilt werden.',
    unprovenStep: 'Der Schritt {{step}} wurde übersprungen.',
    unprovenDisowned: 'Dass der Dienst, der diese Quittung erstellt hat, sie registriert hat.',
    unprovenServiceAsked: 'Dass der Dienst, der diese Quittung erstellt hat, diese Registrierung noch führt, wie verlangt.',
    unprovenChainAsked: 'Dass der Block in der besten Kette liegt, wie verlangt.',
    unprovenImportedPending:
      'Dass die Registrierung die ist, die ihre importierte Quittung behauptet: Die Quittung war beim Import noch ausstehend, und die Belege ihres Dienstes haben sie seither nicht vollständig verifiziert.',
    unprovenImported:
      'Dass die Registrierung die ist, die ihre importierte Quittung behauptet: Der Quittung fehlten Belege, um alles zu prüfen, was sie behauptet.',
    unprovenImportedTestChain:
      'Dass die Registrierung die ist, die ihre importierte Quittung behauptet: Auf einer Testkette kann jeder einen Header minen, und kein Dienst der Bibliothek hat ihre Transaktions-ID bestätigt.',
  },
  stepCodes: {
    'file-digest-malformed': 'Der Hashwert der Datei in der Quittung ist kein SHA-256-Hashwert.',
    'file-digest-mismatch': 'Der SHA-256-Hashwert der Datei ist nicht der, den die Quittung enthält.',
    'record-not-file-digest': 'Der registrierte Eintrag ist nicht der Hashwert der Datei.',
    'aggregation-root-mismatch': 'Der Merkle-Pfad des Stapels führt von der Datei nicht zu der Wurzel, die die Quittung nennt.',
    'aggregation-root-not-record': 'Die Wurzel des Stapels ist nicht der Eintrag, der registriert wurde.',
    'encode-invalid': 'Die Codierung der Quittung (wie der Eintrag in veröffentlichte Bytes umgewandelt wurde) ist nicht lesbar.',
    'salt-not-in-encode': 'Das Salz der Quittung ist nicht das, das ihre Codierung nennt.',
    'published-mismatch': 'Die Codierung des Eintrags ergibt nicht die Bytes, die laut Quittung veröffentlicht wurden.',
    'txid-mismatch': 'Der Hash der Rohtransaktion in der Quittung ist nicht ihre Transaktions-ID.',
    'fingerprint-not-in-transaction': 'Die veröffentlichten Bytes stehen nicht in der Transaktion, die die Quittung nennt.',
    'transaction-truncated': 'Die Rohtransaktion der Quittung endet zu früh.',
    'transaction-non-canonical': 'Die Rohtransaktion der Quittung ist auf eine nicht standardgemäße Weise geschrieben, die kein Knoten annehmen würde.',
    'transaction-no-inputs': 'Die Rohtransaktion der Quittung hat keine Eingaben, die keiner echten Transaktion fehlen.',
    'transaction-trailing-bytes': 'Die Rohtransaktion der Quittung hat überzählige Bytes nach ihrem Ende.',
    'transaction-coinbase': 'Die Transaktion der Quittung ist die Coinbase eines Blocks, die keinen Eintrag tragen kann.',
    'proof-kind-unsupported': 'Der Merkle-Beweis der Quittung ist von einer Art, die Notarium nicht liest.',
    'proof-target-type-unknown': 'Das Ziel des Merkle-Beweises ist weder ein Block-Hash noch ein Header noch eine Merkle-Wurzel.',
    'proof-txid-malformed': 'Die Transaktions-ID des Merkle-Beweises besteht nicht aus 64 Hexadezimalzeichen.',
    'proof-txid-mismatch': 'Der Merkle-Beweis gilt einer anderen Transaktion als der, die die Quittung nennt.',
    'proof-index-invalid': 'Die Position des Merkle-Beweises im Block ist keine gültige Zahl für seinen Pfad.',
    'proof-index-coinbase': 'Der Merkle-Beweis stellt die Transaktion an den Anfang ihres Blocks, den Platz der Coinbase.',
    'proof-node-invalid': 'Ein Knoten des Merkle-Beweises ist kein 32-Byte-Hash.',
    'proof-too-deep': 'Der Merkle-Beweis ist länger, als irgendein Block es erfordern könnte.',
    'merkle-root-mismatch': 'Der Merkle-Beweis führt nicht zur Merkle-Wurzel des Blocks.',
    'proof-target-not-block-hash': 'Das Ziel des Merkle-Beweises ist nicht der Hash des Blocks, den die Quittung nennt.',
    'header-conflict': 'Die Quittung nennt zwei verschiedene Blöcke: Ihr Block-Header und der Header, auf den ihr Beweis zielt, unterscheiden sich.',
    'header-malformed': 'Der Block-Header der Quittung besteht nicht aus 80 Bytes in Hexadezimalschreibweise.',
    'block-hash-mismatch': 'Der Hash des Block-Headers ist nicht der Block-Hash, den die Quittung nennt.',
    'header-bits-negative': 'Die Schwierigkeit im Block-Header codiert ein negatives Ziel, das kein Block hat.',
    'header-bits-overflow': 'Die Schwierigkeit im Block-Header codiert ein Ziel, das zu groß ist, um echt zu sein.',
    'header-bits-zero': 'Die Schwierigkeit im Block-Header codiert ein Ziel von null, das kein Hash erreichen kann.',
    'hash-above-target': 'Der Hash des Blocks erfüllt seine eigene Schwierigkeit nicht: Niemand hat diesen Header gemint.',
    'target-above-network-limit': 'Die Schwierigkeit des Blocks ist geringer, als sein Netz erlaubt.',
    'work-below-floor':
      'Die Schwierigkeit des Blocks ist weit geringer als die jedes echten Blocks seines Netzes: Einen solchen Header könnte jeder erstellen.',
    'block-unknown-to-explorer': 'Der Block-Explorer kennt den Block der Quittung nicht.',
    'block-not-on-best-chain': 'Der Block der Quittung ist bekannt, liegt aber nicht mehr in der Kette, auf der alle aufbauen.',
    'service-mismatch': 'Der Dienst sagt, dass dieser Eintrag nicht zu der Transaktion passt, die er geschrieben hat.',
    'unknown-to-maker': 'Der Dienst, der die Quittung erstellt hat, kennt ihre Transaktion nicht, obwohl die Quittung sie in einem Block verortet.',
    'step-error': 'Die Quittung enthielt etwas, das dieser Schritt überhaupt nicht verarbeiten konnte.',
    'no-file': 'Es wurde keine Datei angegeben: Die Quittung wurde geprüft, aber nicht gegen eine Datei.',
    'no-raw-transaction': 'Die Quittung enthält keine Rohtransaktion, daher wurden die veröffentlichten Bytes darin nicht gesucht.',
    'not-confirmed': 'Der Eintrag war in keinem Block, als die Quittung geschrieben wurde.',
    'no-block-header': 'Die Quittung enthält keinen Block-Header, daher wurde der Arbeitsnachweis des Blocks nicht geprüft.',
    'network-unknown': 'Die Quittung nennt ein Netz, das Notarium nicht kennt, daher wurde der Arbeitsnachweis ihres Blocks nicht beurteilt.',
    offline: 'Ein Online-Schritt wurde nicht ausgeführt: Die Prüfung war offline.',
    'no-block-lookup': 'Für den Dienst der Quittung ist kein Block-Explorer bekannt, daher wurde der Block nicht nachgeschlagen.',
    'explorer-unreachable': 'Der Block-Explorer war nicht erreichbar.',
    'explorer-answer-invalid': 'Der Block-Explorer hat etwas geantwortet, was kein Block-Explorer antwortet.',
    'block-unknown-to-lookup': 'Der Block-Explorer kennt den Block der Quittung nicht (vielleicht liegt er in einem anderen Netz).',
    'no-profile-for-service': 'Kein Profil erreicht den Dienst, der die Quittung erstellt hat, daher wurde der Dienst nicht gefragt.',
    'unknown-to-other-service': 'Der gefragte Dienst kennt die Transaktion nicht, hat die Quittung aber nicht erstellt: Das sagt nichts aus.',
    'not-known-yet': 'Der Dienst kennt die Transaktion noch nicht: Vielleicht veröffentlicht er sie gerade.',
    'feature-unavailable': 'Die Konfiguration des Dienstes bietet die Prüfung, die dieser Schritt verlangt, nicht an.',
    'service-unreachable': 'Der Dienst war nicht erreichbar.',
  },
} as const;

export const engineErrorsDe = {
  errors: {
    TX_ID_PARAM_INVALID: 'Das ist keine gültige Transaktions-ID: Erwartet werden 64 Hexadezimalzeichen. Prüfen Sie die angegebene txId.',
    TX_HASH_PARM_INVALID: 'Das ist kein gültiger Transaktions-Hash: Erwartet werden 64 Hexadezimalzeichen. Prüfen Sie den angegebenen Hash.',
    TX_NOT_AN_EVENT_TRANSACTION:
      'Diese Transaktion existiert, ist aber kein Eintrag dieses Dienstes: Prüfen Sie die txId und ob das Profil den Dienst nennt, der sie geschrieben hat.',
    TX_CONTENT_TYPE_NOT_SUPPORTED:
      'Dieser Eintrag wurde von einer neueren Version des Dienstes geschrieben und kann von dieser nicht gelesen werden: Wenden Sie sich an den Anbieter des Dienstes.',
    TX_INCORRECT_EVENT_TRANSACTION_TYPE:
      'Diese Transaktion ist ein einfacher Eintrag, kein verknüpfter Eintrag (eine Dokumentversion): Verwenden Sie sie als Eintrag, oder nennen Sie eine Version eines Dokuments.',
    INCORRECT_EVENT_TRANSACTION_TYPE:
      'Der Dienst hat die Anfrage als falsche Art für diese Transaktion abgelehnt: Ein Abschluss nimmt keinen Inhalt, und ein einfacher Eintrag hat keine Versionen. Prüfen Sie, welches Dokument Sie genannt haben.',
    TX_NOT_LINKABLE:
      'Dieser Eintrag kann keine neue Version aufnehmen: Er ist ein einfacher Eintrag, oder sein Dokument ist abgeschlossen. Beginnen Sie ein neues Dokument für die Datei (notarise --document).',
    NOT_LINKED_RECORDS_END:
      'Nur die neueste Version eines Dokuments kann aktualisiert oder abgeschlossen werden, und dies ist nicht die neueste: Nennen Sie die neueste Version (notarium versions zeigt sie an).',
    UPDATE_TOKEN_PARAM_INVALID:
      'Das Aktualisierungs-Token des Dokuments wurde abgelehnt; vielleicht wurde das Dokument an anderer Stelle geändert. Sehen Sie sich seine Versionen an (notarium versions) und versuchen Sie es dann erneut.',
    CONTENT_LENGTH_LIMIT_EXCEEDED:
      'Der Eintrag ist größer, als der Dienst annimmt: Prüfen Sie die Codierung des Profils, oder fragen Sie den Anbieter des Dienstes nach seiner Grenze.',
    CONTENT_BAD_ENCODER: 'Der Dienst erlaubt diesen Encoder nicht; wählen Sie in den Profileinstellungen eine andere Codierung.',
    CONTENT_ENCODER_ARGUMENT_MISSING: 'Der Dienst verlangt für diesen Encoder ein Salz: Wählen Sie in den Profileinstellungen eine Codierung mit Salz.',
    ENCODE_PARAM_INVALID: 'Der Dienst hat die Codierungsangabe abgelehnt: Wählen Sie in den Profileinstellungen eine andere Codierung.',
    UNKNOWN_ENCODER: 'Der Dienst kennt diesen Encoder nicht: Wählen Sie in den Profileinstellungen eine andere Codierung.',
    ENCODER_SHA256_MISSING:
      'Der Dienst verlangt einen SHA256-Schritt in der Codierung: Wählen Sie in den Profileinstellungen eine Codierung mit einem solchen Schritt.',
    CONTENT_IS_REQUIRED:
      'Der Dienst verlangt einen Eintragsinhalt, und es wurde keiner gesendet: Versuchen Sie es erneut, und melden Sie es den Entwicklern von Notarium, falls es wieder geschieht.',
    LINKS_PARAM_INVALID:
      'Die Zahl der zu durchlaufenden Verknüpfungen liegt außerhalb des Bereichs, den der Dienst erlaubt: Fragen Sie weniger Versionen auf einmal ab.',
    INVALID_NAVIGATION_TRANSACTION_TYPE:
      'Diese Transaktion ist kein verknüpfter Eintrag und hat daher keine Versionen zu durchlaufen: Nennen Sie eine Version eines Dokuments.',
    PREV_TX_ID_PARAM_MISSING:
      'Diese Version folgt auf eine andere: Der Dienst braucht die ID der vorigen Version, um sie zu prüfen oder danach abzuschließen. Versuchen Sie es erneut, und melden Sie es den Entwicklern von Notarium, falls es wieder geschieht.',
    PREVIOUS_RECORD_NOT_MINED:
      'Der Dienst nimmt eine neue Version (oder einen Abschluss) erst an, wenn die Version, auf die sie folgt, in einem Block liegt, und das ist noch nicht der Fall: Warten Sie auf ihren Block (etwa 10 Minuten bei BSV) und versuchen Sie es dann erneut.',
    INVALID_GRANT: 'Die Anmeldung konnte nicht abgeschlossen werden: Code oder Token wurde abgelehnt. Melden Sie sich erneut an.',
    INVALID_REQUEST: 'Die Anfrage war fehlerhaft: Versuchen Sie es erneut, und melden Sie es den Entwicklern von Notarium, falls es wieder geschieht.',
    INVALID_JSON: 'Die Anfrage war fehlerhaft: Versuchen Sie es erneut, und melden Sie es den Entwicklern von Notarium, falls es wieder geschieht.',
    UNAUTHORIZED:
      'Der Dienst hat den API-Schlüssel oder die Anmeldung abgelehnt: Prüfen Sie den API-Schlüssel in den Profileinstellungen, oder melden Sie sich erneut an.',
    FEATURE_UNAVAILABLE:
      'Die Konfiguration dieses Dienstes bietet diese Funktion nicht an (verknüpfte Einträge, Prüfen oder Navigieren): Bitten Sie den Anbieter, sie freizuschalten, oder verwenden Sie ein Profil, dessen Dienst sie anbietet.',
    BEING_SENT:
      'Ein anderer Notarium-Prozess (die App oder ein anderer Befehl) sendet diese Registrierung gerade: Das bleibt ihm überlassen, und das Ergebnis erscheint in der Bibliothek, wenn das Senden endet.',
    WATCHED_ELSEWHERE:
      'Ein anderer Notarium-Prozess (die App oder notarium watch) überwacht die Ordner dieser Bibliothek bereits, und zwei Überwachungen würden eine neue Datei doppelt registrieren: Die Überwachung bleibt ihm überlassen.',
    WRITE_IN_DOUBT:
      'Die Antwort zu einer Version ging verloren, und die Kette zeigt sie noch nicht: Sie ist vielleicht noch unterwegs, daher wird sie nicht erneut gesendet, bevor ihre Wartezeit für ein erneutes Senden verstrichen ist.',
    TXID_MISSING:
      'Der Dienst hat die Anfrage angenommen, aber nicht gesagt, welche Transaktion er geschrieben hat: Der Eintrag bleibt ungewiss und wird nicht erneut gesendet, bevor die Kette gelesen wurde, um ihn zu finden.',
    ENCODING_MISMATCH:
      'Der Dienst hat andere Bytes veröffentlicht, als Notarium berechnet hat, daher würden Quittungen dieses Dienstes nicht verifiziert. Was er registriert hat, bleibt registriert, aber Notarium sendet ihm in dieser Sitzung nichts mehr: Prüfen Sie die Dienst-URL des Profils, und fragen Sie den Anbieter, ob er die Codierung wie dokumentiert anwendet (SHA-256 der ASCII-Bytes des Salzes, gefolgt vom Eintrag).',
    NOT_FOUND:
      'Der Dienst kennt diese Transaktion (noch) nicht: Vielleicht wird sie noch veröffentlicht, oder sie wurde abgelehnt. Warten Sie einige Minuten und fragen Sie erneut (notarium status).',
    RATE_LIMITED: 'Der Dienst ist ausgelastet und bittet, langsamer zu machen; Notarium versucht es in Kürze erneut.',
    SERVICE_UNAVAILABLE: 'Der Dienst ist gerade nicht verfügbar: Versuchen Sie es später erneut.',
    SERVICE_ERROR:
      'Der Dienst hat die Anfrage aus einem Grund abgelehnt, den Notarium nicht kennt: Versuchen Sie es später erneut, oder wenden Sie sich an den Anbieter des Dienstes.',
    NETWORK: 'Der Dienst war nicht erreichbar: Prüfen Sie die Netzwerkverbindung und die URL des Profils.',
    TIMEOUT: 'Der Dienst hat nicht rechtzeitig geantwortet: Versuchen Sie es erneut, und prüfen Sie die Netzwerkverbindung, falls es wieder geschieht.',
    BAD_RESPONSE: 'Der Dienst hat etwas geantwortet, das Notarium nicht versteht: Prüfen Sie die Dienst-URL des Profils und versuchen Sie es später erneut.',
    REDIRECT_REFUSED:
      'Der Dienst hat die Anfrage an einen anderen Ursprung umgeleitet, dem Notarium nicht folgt: Dorthin wurde nichts gesendet, und nichts von dort wurde als Antwort des Dienstes genommen. Prüfen Sie die Adresse im Profil.',
    CANCELLED: 'Vor dem Ende abgebrochen, daher wurde nichts weiter getan: Starten Sie es erneut, damit es erledigt wird.',
    CLOSING: 'Notarium wird geschlossen und hat nichts mehr angenommen: Öffnen Sie es erneut, um fortzufahren.',
    FILE_UNREADABLE: 'Die Datei konnte nicht gelesen werden: Prüfen Sie, ob sie existiert und ob Sie sie lesen dürfen, und versuchen Sie es dann erneut.',
    FILE_UNWRITABLE: 'Die Datei konnte dort nicht geschrieben werden: Wählen Sie einen anderen Ort (mit -o auf der Befehlszeile).',
    RECEIPT_INVALID:
      'Das ist keine gültige Notarium-Quittung: Prüfen Sie, ob Sie die .receipt.json-Datei gewählt haben, oder bitten Sie den Absender erneut darum.',
    NETWORK_MISMATCH:
      'Das Netz des Profils und die Kette, in die sein Dienst schreibt, stimmen nicht überein, daher wurde keine Quittung geschrieben: Legen Sie das Netz des Profils fest (notarium profile add <name> --network <label> oder in den Einstellungen), dann wird die Quittung geschrieben.',
    KEYCHAIN_UNAVAILABLE:
      'Der Schlüsselbund des Systems ist nicht verfügbar, daher kann das Geheimnis nicht gespeichert werden: Entsperren oder installieren Sie einen Schlüsselbund (Secret Service, Schlüsselbund, Anmeldeinformationsverwaltung) und versuchen Sie es erneut.',
    NO_API_KEY: 'Dieses Profil hat keinen API-Schlüssel: Legen Sie einen mit „notarium key set“ oder in den Einstellungen der App fest.',
    SERVICE_CHANGED:
      'Diese Registrierung wurde für einen anderen Dienst erstellt als den, den ihr Profil jetzt erreicht, daher wurde sie nicht gesendet: Sie geht nur an den Dienst, für den sie erstellt wurde. Stellen Sie die Dienst-URL des Profils wieder her, oder entfernen Sie die Registrierung.',
    PROFILE_NOT_FOUND: 'Es gibt kein Profil mit diesem Namen: notarium profile list zeigt die Namen.',
    PROFILE_IN_USE: 'Dieses Profil hat noch Einträge in der Bibliothek, die es halten: Entfernen Sie zuerst diese Einträge, oder behalten Sie das Profil.',
    SANDBOX_PROFILE_FIXED:
      'Das Sandbox-Profil ist eingebaut: Es kann weder umbenannt noch entfernt werden noch einen API-Schlüssel erhalten; legen Sie dafür ein Dienstprofil an.',
    INVALID_SETTING: 'Eine Einstellung hat einen Wert, den Notarium nicht verwenden kann: Setzen Sie sie erneut auf einen zulässigen Wert.',
    INVALID_ARGUMENT: 'Ein an Notarium übergebener Wert kann nicht verwendet werden: Prüfen Sie ihn (--help zeigt, was jeder Befehl annimmt).',
    NOT_IN_LIBRARY:
      'Die Bibliothek hat keine solche Registrierung, kein solches Dokument und keinen solchen überwachten Ordner: Versehen Sie die Datei zuerst mit einem Zeitstempel, oder importieren Sie ihre Quittung.',
    NOT_A_DOCUMENT:
      'Das ist kein Dokument mit einer registrierten Version, auf die etwas folgen könnte: Versehen Sie die Datei mit --document mit einem Zeitstempel, um eines zu beginnen.',
    ALREADY_A_VERSION: 'Dieser Inhalt ist bereits eine Version dieses Dokuments: Nichts zu tun, er ist registriert.',
    ALREADY_REGISTERED:
      'Dieser Inhalt ist bereits als einfacher Eintrag registriert, der keine Versionen aufnehmen kann, daher wurde kein Dokument begonnen: Ein Dokument beginnt mit einer eigenen Registrierung (notarium notarise --document --again).',
    AMBIGUOUS_DOCUMENT: 'Mehrere Dokumente kommen in Frage: Nennen Sie das Dokument über die txId einer seiner Versionen.',
    NAME_TOO_LONG:
      'Der Dateiname ist zu lang, als dass der Name ihrer Quittung innerhalb der Grenze des Dateisystems bliebe, daher wurde sie nicht registriert: Benennen Sie die Datei um und versehen Sie sie dann erneut mit einem Zeitstempel.',
    NO_RECEIPT:
      'Diese Registrierung hat keine eigene Quittung: Sie enthält keine Datei (sie schließt ein Dokument ab), oder der Dienst hat sie noch nicht angenommen. Warten Sie, bis sie angenommen ist, oder exportieren Sie die Quittung einer Version.',
    LOCATION_UNKNOWN: 'Notarium weiß nicht, wo diese Datei liegt: Geben Sie an, wohin geschrieben werden soll (mit -o auf der Befehlszeile).',
    NO_EXPLORER_PAGE: 'Dieses Profil nennt keine Explorer-Seite: Fügen Sie in seinen Einstellungen eine hinzu (eine URL mit {txId}).',
    WATCHED_CHAIN:
      'Dieses Dokument ist die Kette eines überwachten Ordners: Seine Versionen sind die Durchläufe des Ordners, daher nimmt es keine andere Datei als Version auf, und es wird abgeschlossen, indem der Ordner entfernt wird (beenden Sie zuerst die Überwachung).',
    WATCH_OVERLAP:
      'Dieser Ordner wird bereits überwacht, oder er liegt in einem überwachten Ordner oder um einen herum: Eine Datei würde doppelt überwacht. Wählen Sie einen Ordner außerhalb der überwachten, oder entfernen Sie den, mit dem er sich überschneidet.',
    JOB_ID_IN_USE: 'Ein Auftrag mit dieser ID läuft bereits: Erzeugen Sie für jeden Auftrag eine neue ID (eine zufällige UUID).',
    BAD_CALL:
      'Der Aufruf wurde abgelehnt: Sein Name oder seine Argumente entsprechen nicht dem, was Notarium annimmt. Laden Sie die Seite neu; melden Sie es den Entwicklern von Notarium, falls es wieder geschieht.',
    NOT_IN_THIS_SHELL:
      'Dieses Fenster kann das nicht annehmen: Die Desktop-App nimmt Dateien und Ordner über ihren Pfad, der Browser nimmt abgelegte oder ausgewählte Dateien. Legen Sie die Datei stattdessen ab, oder wählen Sie sie aus.',
    UPLOAD_EXPIRED: 'Notarium hält diese abgelegte Datei nicht mehr: Legen Sie sie erneut ab.',
    NO_BROWSER: 'Notarium konnte auf diesem Rechner keinen Browser öffnen: Öffnen Sie die angegebene Adresse selbst.',
    URL_REFUSED:
      'Notarium öffnet im Browser nur die http- oder https-Seiten, die es erwartet: eine Anmeldeseite oder die Explorer-Seite, die ein Profil nennt. Prüfen Sie die Adressen des Profils.',
    APP_UNAVAILABLE: 'Die Desktop-App kann hier nicht starten: „notarium app --web“ öffnet die App stattdessen im Browser.',
    FORBIDDEN:
      'Diese Seite darf Notarium nicht aufrufen: Öffnen Sie die App über die Adresse, die Notarium angibt (notarium app), nicht über eine andere Seite.',
    UNAVAILABLE: 'Notarium ist von dieser Seite aus nicht erreichbar: Prüfen Sie, ob die App noch läuft, und laden Sie die Seite dann neu.',
    SESSION_ENDED: 'Die Sitzung dieser Seite mit Notarium ist beendet: Öffnen Sie die App erneut.',
    UPLOAD_FAILED: 'Notarium konnte die abgelegte Datei nicht empfangen: Prüfen Sie, ob die App noch läuft, und legen Sie die Datei erneut ab.',
    UPLOAD_REFUSED:
      'Notarium hat die abgelegte Datei nicht angenommen: Sie ist größer, als die Browser-Version annimmt, oder es werden zu viele abgelegte Dateien gleichzeitig gehalten. Verwenden Sie für eine große Datei die Desktop-App oder notarium notarise, oder legen Sie weniger Dateien auf einmal ab.',
    STORE_ERROR:
      'Die lokale Bibliothek konnte nicht gelesen oder geschrieben werden: Prüfen Sie, ob auf dem Datenträger Platz ist und der Datenordner beschreibbar ist, und versuchen Sie es dann erneut.',
    FILE_MANAGER_UNWRITABLE:
      'Notarium konnte die Einstellungen des Dateimanagers nicht ändern: Ein Ordner oder eine Datei, die es braucht, ist nicht beschreibbar. Machen Sie sie beschreibbar und versuchen Sie es dann erneut.',
    FILE_MANAGER_CONFLICT:
      'Dort, wo Notariums Eintrag im Dateimanager hingehört, liegt eine Datei, die Notarium nicht geschrieben hat; sie wurde unverändert gelassen: Benennen Sie sie um oder entfernen Sie sie, und versuchen Sie es dann erneut.',
    THUNAR_ACTIONS_MALFORMED:
      'Die Datei mit Thunars benutzerdefinierten Aktionen (uca.xml) ist kein gültiges XML, daher hat Notarium sie unverändert gelassen: Reparieren Sie sie (oder entfernen Sie sie, um neu zu beginnen) und versuchen Sie es dann erneut.',
    NOT_BUILT:
      'Diese Kopie von Notarium ist nicht vollständig gebaut: Ein benötigter Teil fehlt. Führen Sie in einem Klon „npm run build“ aus und versuchen Sie es dann erneut; ein installiertes Notarium, das dies meldet, muss neu installiert werden.',
    INTERNAL:
      'Notarium konnte dies wegen eines eigenen Fehlers nicht abschließen: Versuchen Sie es erneut, und falls es wieder geschieht, beenden Sie Notarium und öffnen Sie es erneut.',
    SIGN_IN_CANCELLED: 'Die Anmeldung wurde im Browser abgebrochen: Melden Sie sich erneut an, wenn Sie so weit sind.',
    SIGN_IN_FAILED:
      'Die Anmeldung wurde nicht abgeschlossen: Das Identitätsportal hat einen Fehler gemeldet. Melden Sie sich erneut an; schlägt es wieder fehl, prüfen Sie die Identitätseinstellungen des Profils.',
    SIGN_IN_TIMEOUT: 'Zeitüberschreitung bei der Anmeldung: Der Browser ist nicht rechtzeitig zu Notarium zurückgekehrt. Starten Sie sie erneut.',
    SIGN_IN_NOT_CONFIGURED: 'Dieses Profil hat keinen Identitätsdienst: Legen Sie zuerst seine Auth-URL, seine Identity-Env-ID und seine Client-ID fest.',
    TOKEN_INVALID:
      'Das Identitätsportal hat ein Token geliefert, das sich nicht verifizieren lässt, daher wurde es abgelehnt: Melden Sie sich erneut an, und prüfen Sie die Identitätseinstellungen des Profils, falls es wieder geschieht.',
    SIGNED_OUT: 'Sie sind abgemeldet: Melden Sie sich erneut an.',
    PDF_UNAVAILABLE:
      'Der PDF-Druck braucht Chromium, Google Chrome oder Microsoft Edge, und keiner davon wurde gefunden: Installieren Sie einen (oder setzen Sie NOTARIUM_CHROMIUM auf seinen Pfad), oder speichern Sie das HTML-Zertifikat und drucken Sie es aus Ihrem Browser als PDF.',
    PDF_FAILED: 'Das Zertifikat konnte nicht als PDF gedruckt werden: Speichern Sie stattdessen das HTML-Zertifikat und drucken Sie es aus Ihrem Browser.',
    PDF_TIMEOUT: 'Der PDF-Druck des Zertifikats hat zu lange gedauert: Speichern Sie stattdessen das HTML-Zertifikat und drucken Sie es aus Ihrem Browser.',
  },
} as const;

export const engineErrorsWithDe = {
  errorsWith: {
    alreadyWatched: '{{path}} wird bereits überwacht.',
    watchOverlap: '{{path}} überschneidet sich mit dem überwachten Ordner {{other}}: Eine Datei würde doppelt überwacht.',
    fileMissing: 'Die Datei „{{path}}“ konnte nicht gelesen werden: Sie existiert nicht (vielleicht wurde sie verschoben oder gelöscht).',
    fileIsFolder: 'Die Datei „{{path}}“ konnte nicht gelesen werden: Sie ist ein Ordner, keine Datei.',
    fileDenied: 'Die Datei „{{path}}“ konnte nicht gelesen werden: Zugriff verweigert, dieser Benutzer darf sie nicht lesen.',
    fileNotRegular:
      'Die Datei „{{path}}“ konnte nicht gelesen werden: Sie ist keine gewöhnliche Datei, sondern ein Gerät, eine Pipe oder ein Socket, und Notarium liest nur gewöhnliche Dateien.',
    notAReceipt:
      '{{name}} ist keine gültige Notarium-Quittung: Prüfen Sie, ob Sie die .receipt.json-Datei gewählt haben, oder bitten Sie den Absender erneut darum.',
    serviceRefusedCode: 'Der Dienst hat die Anfrage abgelehnt ({{errorCode}}).',
    serviceRefusedStatus: 'Der Dienst hat die Anfrage abgelehnt (HTTP {{status}}).',
  },
} as const;
