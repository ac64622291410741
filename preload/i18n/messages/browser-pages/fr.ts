/** The browser pages' words in French (browser-pages/en.ts says what they are). */
export const browserPagesFr = {
  callbackPage: {
    notForUsTitle: 'Pas pour Notarium',
    notForUs: 'Cette requête n’était pas adressée à Notarium.',
    notFoundTitle: 'Introuvable',
    notFound: 'Il n’y a rien ici.',
    notAllowedTitle: 'Non autorisé',
    notAllowed: 'Le retour de connexion est une requête GET.',
    refusedTitle: 'Connexion refusée',
    notOurs: 'Cette réponse ne correspond pas à la connexion lancée par Notarium. Recommencez la connexion depuis Notarium.',
    noCode: 'La réponse ne contient aucun code d’autorisation. Recommencez la connexion depuis Notarium.',
    cancelledTitle: 'Connexion annulée',
    cancelled: 'Vous avez annulé la connexion. Vous pouvez fermer cet onglet.',
    failedTitle: 'Échec de la connexion',
    portalError: 'Le portail d’identité a signalé une erreur. Vous pouvez fermer cet onglet.',
    notFinished: 'Notarium n’a pas pu terminer votre connexion\u00a0: {{reason}} Revenez à Notarium pour réessayer.',
    signedInTitle: 'Connecté',
    signedIn: 'Vous êtes connecté à Notarium. Vous pouvez fermer cet onglet et revenir à Notarium.',
  },
  launchPage: {
    opening: 'Ouverture de Notarium…',
    blocked: 'Si rien ne se passe, {{link}}.',
    link: 'continuez vers Notarium',
  },
} as const;
