/**
 * The small pages Notarium shows in the browser outside the app's page, spread into each
 * language's messages: the sign-in's callback page (main/core/auth/loopback-listener.ts, in the
 * browser's language) and the web shell's launch page (main/web/launch-file.ts, in the system's).
 */
export const browserPagesEn = {
  callbackPage: {
    notForUsTitle: 'Not for Notarium',
    notForUs: 'This request was not addressed to Notarium.',
    notFoundTitle: 'Not found',
    notFound: 'There is nothing here.',
    notAllowedTitle: 'Not allowed',
    notAllowed: 'The sign-in callback is a GET request.',
    refusedTitle: 'Sign-in refused',
    notOurs: 'This answer does not belong to the sign-in Notarium started. Start the sign-in again from Notarium.',
    noCode: 'The answer carries no authorization code. Start the sign-in again from Notarium.',
    cancelledTitle: 'Sign-in cancelled',
    cancelled: 'You cancelled the sign-in. You can close this tab.',
    failedTitle: 'Sign-in failed',
    portalError: 'The identity portal reported an error. You can close this tab.',
    notFinished: 'Notarium could not finish your sign-in: {{reason}} Return to Notarium to try again.',
    signedInTitle: 'Signed in',
    signedIn: 'You are signed in to Notarium. You can close this tab and return to Notarium.',
  },
  launchPage: {
    opening: 'Opening Notarium…',
    blocked: 'If nothing happens, {{link}}.',
    link: 'continue to Notarium',
  },
} as const;
