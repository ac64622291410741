/** The certificate's words in French (certificate/en.ts says what they are). A notary reads them: formal, exact, no shorthand. */
export const certificateFr = {
  certificate: {
    title: 'Certificat d’enregistrement — {{name}}',
    heading: 'Certificat d’enregistrement',
    inLanguage:
      'Ce certificat est rédigé en français. Notarium établit le même certificat en anglais et en allemand à partir du même reçu\u00a0; les empreintes, identifiants et commandes y sont identiques.',
    testMark: 'TEST — chaîne {{label}}\u00a0: ce n’est pas une preuve sur mainnet',
    issued: 'Délivré par Notarium le {{date}} pour le réseau {{network}}.',
    importedVerified:
      'Son reçu, daté du {{date}} par celui qui l’a émis, concerne le réseau {{network}}. Il a été importé d’un reçu qui était vérifié au moment de l’import\u00a0; ce n’est pas Notarium qui a procédé à l’enregistrement.',
    importedPartial:
      'Son reçu, daté du {{date}} par celui qui l’a émis, concerne le réseau {{network}}. Il a été importé d’un reçu qui n’était que partiellement vérifié au moment de l’import\u00a0; ce n’est pas Notarium qui a procédé à l’enregistrement.',
    importedPending:
      'Son reçu, daté du {{date}} par celui qui l’a émis, concerne le réseau {{network}}. Il a été importé d’un reçu qui était en attente de confirmation au moment de l’import\u00a0; ce n’est pas Notarium qui a procédé à l’enregistrement.',
    verified: 'Vérifié',
    verifiedTestChain: 'Vérifié sur {{network}}, une chaîne de test\u00a0: sa preuve de travail ne prouve rien',
    pending: 'En attente\u00a0: pas encore dans un bloc',
    partial: 'Partiellement vérifié, pas vérifié',
    notProven: 'Ce qui n’est pas prouvé ici\u00a0:',
    qrLabel: 'Code QR du lien vers l’explorateur',
    qrCaption: 'Scannez-le pour voir la transaction dans un explorateur',
    file: 'Fichier',
    size: 'Taille',
    bytes_one: '{{count, number}}\u00a0octet',
    bytes_many: '{{count, number}}\u00a0d’octets',
    bytes_other: '{{count, number}}\u00a0octets',
    sha256: 'SHA-256',
    fingerprint: 'Empreinte',
    transaction: 'Transaction',
    batch: 'Lot',
    block: 'Bloc',
    blockTime: 'Heure du bloc',
    confirmations: 'Confirmations',
    confirmationsClaimed: '{{confirmations}}, selon son reçu importé (non vérifié)',
    explorer: 'Explorateur',
    noLinkSimulated:
      'Pas de lien public\u00a0: la chaîne sandbox est simulée par le bac à sable Notarium qui a enregistré ce fichier, et aucun explorateur public ne l’affiche. Le fichier de reçu contient la preuve.',
    noLinkPrivate:
      'Pas de lien public\u00a0: l’explorateur du profil, à l’adresse {{host}}, ne répond que sur l’ordinateur ou le réseau qui a enregistré ce fichier. Le fichier de reçu contient la preuve.',
    batchFile:
      'Fichier {{position}} d’un lot de {{files}} fichiers ancrés ensemble par l’enregistrement {{txId}} (lot {{id}})\u00a0; aucun autre fichier n’est nommé ici.',
    batchFileNotSent:
      'Fichier {{position}} d’un lot de {{files}} fichiers ancrés ensemble par un enregistrement pas encore envoyé (lot {{id}})\u00a0; aucun autre fichier n’est nommé ici.',
    batchImported:
      'L’un des fichiers d’un lot ancrés ensemble par l’enregistrement {{txId}} (lot {{id}}, connu par les reçus de ses fichiers)\u00a0; aucun autre fichier n’est nommé ici.',
    batchImportedNotSent:
      'L’un des fichiers d’un lot ancrés ensemble par un enregistrement pas encore envoyé (lot {{id}}, connu par les reçus de ses fichiers)\u00a0; aucun autre fichier n’est nommé ici.',
    heldPartialLacking:
      'La vérification ci-dessous ne lit que le reçu. Notarium le tient pour une preuve importée, partiellement vérifiée\u00a0: son reçu ne contenait pas de quoi vérifier tout ce qu’il affirme.',
    heldPartialTestChain:
      'La vérification ci-dessous ne lit que le reçu. Notarium le tient pour une preuve importée, partiellement vérifiée\u00a0: sur une chaîne de test, n’importe qui peut miner un en-tête, et aucun service de la bibliothèque n’a confirmé son identifiant de transaction.',
    heldPartialWasPending:
      'La vérification ci-dessous ne lit que le reçu. Notarium le tient pour une preuve importée, partiellement vérifiée\u00a0: il était en attente lors de son import, et les preuves fournies depuis par son service ne l’ont pas entièrement vérifié.',
    heldPendingLacking:
      'La vérification ci-dessous ne lit que le reçu. Notarium le tient pour une preuve importée, en attente\u00a0: son reçu ne contenait pas de quoi vérifier tout ce qu’il affirme.',
    heldPendingTestChain:
      'La vérification ci-dessous ne lit que le reçu. Notarium le tient pour une preuve importée, en attente\u00a0: sur une chaîne de test, n’importe qui peut miner un en-tête, et aucun service de la bibliothèque n’a confirmé son identifiant de transaction.',
    heldPendingWasPending:
      'La vérification ci-dessous ne lit que le reçu. Notarium le tient pour une preuve importée, en attente\u00a0: il était en attente lors de son import, et les preuves fournies depuis par son service ne l’ont pas entièrement vérifié.',
    checked: 'Ce qui a été vérifié',
    stepPassed: '{{label}} — réussi\u00a0: {{detail}}',
    stepFailed: '{{label}} — ÉCHEC\u00a0: {{detail}}',
    stepSkipped: '{{label}} — non vérifié ici\u00a0: {{detail}}',
    unaskedChain:
      '{{label}} — non vérifié ici\u00a0: cette étape interroge le réseau (un explorateur de blocs, pour savoir si le bloc est sur la meilleure chaîne), comme le fait Notarium lorsqu’il vérifie en ligne.',
    unaskedService:
      '{{label}} — non vérifié ici\u00a0: cette étape interroge le réseau (le service, pour savoir s’il détient toujours cet enregistrement), comme le fait Notarium lorsqu’il vérifie en ligne.',
    unaskedBoth:
      '{{labels}} — non vérifiés ici\u00a0: ces étapes interrogent le réseau (un explorateur de blocs, pour savoir si le bloc est sur la meilleure chaîne\u00a0; le service, pour savoir s’il détient toujours cet enregistrement), comme le fait Notarium lorsqu’il vérifie en ligne.',
    byHand: 'Comment le vérifier vous-même',
    handDigest:
      'Calculez le SHA-256 du fichier\u00a0; il doit valoir {{sha256}}. Pour le calculer\u00a0: dans un terminal sous Linux ou macOS (un shell POSIX\u00a0: sh, bash, zsh), {{sha256sum}} (sous macOS sans coreutils, {{shasum}})\u00a0; dans Windows PowerShell, {{powershell}}, qui l’affiche en majuscules.',
    handUntypeable:
      'Le nom du fichier contient des caractères qui ne peuvent être ni affichés ni copiés tels quels (ci-dessus, sous forme d’échappements {{escapes}})\u00a0: tapez-le à la place de {{placeholder}}, par exemple avec la touche Tab.',
    handBatch_one:
      'Il a été enregistré dans un lot\u00a0: sa feuille est le SHA-256 de l’octet {{zero}}, des 32 octets de son SHA-256 et de son nonce {{nonce}}\u00a0; repliée le long du chemin du lot inscrit dans le reçu ({{count}} entrée, chacune le SHA-256 de {{one}}, gauche, droite), elle doit donner la racine du lot {{root}}, la valeur enregistrée.',
    handBatch_many:
      'Il a été enregistré dans un lot\u00a0: sa feuille est le SHA-256 de l’octet {{zero}}, des 32 octets de son SHA-256 et de son nonce {{nonce}}\u00a0; repliée le long du chemin du lot inscrit dans le reçu ({{count}} d’entrées, chacune le SHA-256 de {{one}}, gauche, droite), elle doit donner la racine du lot {{root}}, la valeur enregistrée.',
    handBatch_other:
      'Il a été enregistré dans un lot\u00a0: sa feuille est le SHA-256 de l’octet {{zero}}, des 32 octets de son SHA-256 et de son nonce {{nonce}}\u00a0; repliée le long du chemin du lot inscrit dans le reçu ({{count}} entrées, chacune le SHA-256 de {{one}}, gauche, droite), elle doit donner la racine du lot {{root}}, la valeur enregistrée.',
    handSalt: 'Placez le sel {{salt}} (en ASCII) devant ces 32 octets et calculez à nouveau le SHA-256\u00a0: le résultat doit être {{published}}.',
    handSaltBatch:
      'Placez le sel {{salt}} (en ASCII) devant les 32 octets de la racine du lot et calculez à nouveau le SHA-256\u00a0: le résultat doit être {{published}}.',
    handExplorer:
      'Recherchez la transaction {{txId}} dans n’importe quel explorateur du réseau {{network}} et vérifiez que le script de l’une de ses sorties contient ces octets, entiers et dans l’ordre (en général comme données après {{opReturn}}, parfois à côté des données propres au service).',
    handSimulated:
      'La transaction {{txId}} se trouve sur une chaîne simulée qu’aucun explorateur public n’affiche\u00a0: le fichier de reçu la contient en entier (son champ {{field}}, dont le double SHA-256, octets inversés, est cet identifiant). Vérifiez que le script de l’une de ses sorties contient ces octets, entiers et dans l’ordre (en général comme données après {{opReturn}}, parfois à côté des données propres au service).',
    handBlock:
      'Vérifiez que la transaction figure dans le bloc {{block}} de la chaîne la plus lourde. La preuve de Merkle du fichier de reçu vous permet de le faire sans avoir à faire confiance à l’explorateur.',
    receiptHolds: 'Le fichier de reçu {{receipt}} contient tout ce qu’il faut pour vérifier ce certificat hors ligne, avec Notarium ou à la main.',
  },
} as const;
