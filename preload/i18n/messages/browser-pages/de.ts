/** The browser pages' words in German (browser-pages/en.ts says what they are). */
export const browserPagesDe = {
  callbackPage: {
    notForUsTitle: 'Nicht für Notarium',
    notForUs: 'Diese Anfrage war nicht an Notarium gerichtet.',
    notFoundTitle: 'Nicht gefunden',
    notFound: 'Hier gibt es nichts.',
    notAllowedTitle: 'Nicht erlaubt',
    notAllowed: 'Die Rückmeldung der Anmeldung ist eine GET-Anfrage.',
    refusedTitle: 'Anmeldung abgelehnt',
    notOurs: 'Diese Antwort gehört nicht zu der Anmeldung, die Notarium begonnen hat. Beginnen Sie die Anmeldung erneut in Notarium.',
    noCode: 'Die Antwort enthält keinen Autorisierungscode. Beginnen Sie die Anmeldung erneut in Notarium.',
    cancelledTitle: 'Anmeldung abgebrochen',
    cancelled: 'Sie haben die Anmeldung abgebrochen. Sie können diesen Tab schließen.',
    failedTitle: 'Anmeldung fehlgeschlagen',
    portalError: 'Das Identitätsportal hat einen Fehler gemeldet. Sie können diesen Tab schließen.',
    notFinished: 'Notarium konnte Ihre Anmeldung nicht abschließen: {{reason}} Kehren Sie zu Notarium zurück, um es erneut zu versuchen.',
    signedInTitle: 'Angemeldet',
    signedIn: 'Sie sind bei Notarium angemeldet. Sie können diesen Tab schließen und zu Notarium zurückkehren.',
  },
  launchPage: {
    opening: 'Notarium wird geöffnet…',
    blocked: 'Falls nichts geschieht, {{link}}.',
    link: 'weiter zu Notarium',
  },
} as const;
