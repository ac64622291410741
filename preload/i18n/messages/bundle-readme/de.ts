/** A proof bundle's README.txt in German (bundle-readme/en.ts says what it is): its lines wrapped at 100 columns. */
export const bundleReadmeDe = {
  bundleReadme: {
    heading: 'Nachweispaket, geschrieben von Notarium {{version}} am {{date}}',
    receiptRow: 'Quittung: Nachweis, dass die Datei zur Zeit ihres Blocks schon existierte',
    indexRow: 'Versionen des Dokuments, in ihrer Reihenfolge',
    pageRow: 'Seite, die eine Datei offline im Browser anhand ihrer Quittung prüft',
    toCheck: 'Zum Prüfen: Öffnen Sie {{page}} in einem Browser und legen Sie Datei und Quittung darauf ab.',
    sameBytes:
      '{{page}} ist in jedem Paket, das diese Version von Notarium schreibt, Byte für Byte dieselbe\nDatei. Die Seite kann sich nicht selbst verbürgen: Wer sie gesendet hat, könnte sie verändert haben,\nund diese README-Datei ebenso. Bevor Sie ihrem Ergebnis trauen, berechnen Sie ihren SHA-256:',
    figureLead: 'Das Notarium des Absenders hat ihn so angegeben:',
    compare:
      'Vergleichen Sie ihn aber mit dem Wert, den Notarium für Version {{version}} veröffentlicht und auf den der\nAbsender keinen Einfluss hat. Dort ist er veröffentlicht:\n  - in der Dokumentation von Notarium: die Seite docs/evidence.md, Abschnitt\n    „The verifier page’s SHA-256“, eine Zeile je Version, im Quellcode von Notarium;\n  - in Ihrem eigenen Notarium (derselben Version): „notarium verify <dieser Ordner>“ vergleicht\n    {{page}} mit dem dafür veröffentlichten Wert und prüft jede Quittung hier selbst, und\n    „notarium verifier-page -o DIR“ schreibt die Seite, gibt ihren SHA-256 aus und sagt, ob er der\n    veröffentlichte ist.',
    withoutCopy:
      'Oder verzichten Sie auf diese Kopie: „notarium verifier-page -o DIR“ schreibt die Seite so, wie Ihr\neigenes Notarium sie erstellt, „notarium receipt verify QUITTUNG DATEI“ prüft ganz ohne Seite, und\ndie Dokumentation des Quittungsformats (docs/receipt-format.md im Quellcode von Notarium)\nbeschreibt, wie man eine Quittung von Hand und unabhängig von Notarium prüft.',
    bestChain:
      'Die Seite prüft nicht, ob der Block in der besten Kette liegt: Schlagen Sie den Hash des Blocks in\neinem beliebigen Block-Explorer seines Netzwerks nach, oder führen Sie\n„notarium receipt verify QUITTUNG DATEI --online“ aus.',
  },
} as const;
