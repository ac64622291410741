/** The offline verifier page's words in French (verifier-page/en.ts says what they are). Its reader may know nothing of Notarium: plain, formal, exact. */
export const verifierPageFr = {
  verifierPage: {
    title: 'Vérifier une preuve Notarium',
    heading: 'Vérifier une preuve',
    lead: 'Vérifiez un fichier à l’aide de son reçu Notarium\u00a0: qu’il s’agit bien du fichier enregistré, et que l’enregistrement figure dans un bloc.',
    privateOffline: 'Tout se passe dans cette page\u00a0: rien n’est envoyé, et la page ne peut pas accéder au réseau.',
    privateLookup:
      'Tout se passe dans cette page\u00a0: rien n’est envoyé, et la page n’accède au réseau que pour interroger {{source}}, lorsque vous lui demandez si le bloc est sur la meilleure chaîne.',
    language: 'Langue',
    dropTitle: 'Déposez le fichier et son reçu',
    dropHint: 'Le reçu est le fichier dont le nom se termine par .receipt.json. L’ordre n’a pas d’importance.',
    chooseFile: 'Choisir le fichier',
    fileInput: 'Fichier à vérifier',
    chooseReceipt: 'Choisir le reçu',
    receiptInput: 'Reçu servant à la vérification',
    oneAtATime: 'Un seul fichier et un seul reçu sont vérifiés à la fois\u00a0: le premier de chaque sorte a été retenu. Déposez les autres ensuite.',
    inputs: 'Ce qui est vérifié',
    result: 'Résultat',
    file: 'Fichier',
    receipt: 'Reçu',
    noFile: 'Aucun pour l’instant\u00a0: ajoutez-le pour vérifier qu’il s’agit bien du fichier auquel le reçu se rapporte.',
    noReceipt: 'Aucun pour l’instant\u00a0: la preuve se trouve dans le fichier dont le nom se termine par .receipt.json.',
    sha256: 'SHA-256',
    hashing: 'Calcul de son empreinte SHA-256…',
    hashingLabel: 'Calcul de l’empreinte du fichier',
    unreadableFile: '{{name}} n’a pas pu être lu\u00a0: {{reason}}',
    checking: 'Vérification…',
    addReceipt: 'Ajoutez le reçu pour savoir si ce fichier est bien celui dont il apporte la preuve.',
    waiting: 'Le résultat s’affiche ici, avec chaque contrôle effectué et ce qu’il prouve.',
    steps: 'Étapes',
    chainGroup: 'Contrôle de la meilleure chaîne',
    chainQuestion: 'Le bloc est-il sur la meilleure chaîne\u00a0?',
    chainOffer:
      'Cette preuve a été vérifiée hors ligne. La page peut aussi demander à {{source}}, l’explorateur de blocs fourni avec elle, si le bloc est sur la meilleure chaîne\u00a0: elle n’envoie que le hachage du bloc, rien d’autre.',
    chainAsk: 'Vérifier auprès de {{source}} que le bloc est sur la meilleure chaîne',
    chainAsking: 'Interrogation de {{source}}…',
    chainAskAgain: 'Interroger à nouveau {{source}}',
    chainLocal: '{{source}} ne répond que sur l’ordinateur ou le réseau qui a enregistré le fichier.',
    footOffline:
      'Les mêmes étapes, phrases et verdicts que l’application Notarium et {{verify}}. Les contrôles de la meilleure chaîne et du service ont besoin du réseau et leur sont laissés. Cette page ne peut pas se porter garante d’elle-même\u00a0: son expéditeur a pu la modifier. Vérifiez que son empreinte SHA-256 ({{sha256sum}}) est celle publiée pour votre version de Notarium, ou utilisez votre propre copie ({{ownCopy}}).',
    footLookup:
      'Les mêmes étapes, phrases et verdicts que l’application Notarium et {{verify}}. Le contrôle auprès du service demande une clé d’API et leur est laissé. Cette page ne peut pas se porter garante d’elle-même\u00a0: son expéditeur a pu la modifier. Vérifiez que son empreinte SHA-256 ({{sha256sum}}) est celle publiée pour votre version de Notarium, ou utilisez votre propre copie ({{ownCopy}}).',
    noScript:
      'Cette page vérifie un fichier et son reçu Notarium avec son propre script, à l’intérieur de la page\u00a0: autorisez les scripts pour ce fichier afin de l’utiliser.',
    checkHeading: 'Vérifier le fichier ici',
    checkDropTitle: 'Déposez le fichier sur ce certificat',
    checkDropHint:
      'Il est vérifié par rapport au reçu contenu dans cette page, selon les mêmes étapes que l’application Notarium. Il n’est lu qu’ici\u00a0: rien n’est envoyé.',
    checkFileInput: 'Fichier à vérifier',
    checkCaution:
      'Ce contrôle est contenu dans le certificat et ne peut pas se porter garant de lui-même\u00a0: pour en être sûr, vérifiez le fichier et son reçu avec votre propre copie de Notarium.',
    checkHashing: 'Calcul de l’empreinte SHA-256 de {{name}}… {{percent}}',
    checkDigest: '{{name}}\u00a0: SHA-256 {{digest}}',
  },
} as const;
