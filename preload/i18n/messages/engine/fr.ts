/** The engine's sentences in French (engine/en.ts says what each group is). */
export const engineFr = {
  stepLabels: {
    fileDigest: 'Empreinte du fichier',
    record: 'Enregistrement',
    aggregation: 'Chemin du lot',
    fingerprint: 'Empreinte publiée',
    transaction: 'Transaction',
    merkleProof: 'Preuve de Merkle',
    blockHeader: 'En-tête de bloc',
    chain: 'Meilleure chaîne',
    service: 'Contrôle par le service',
  },
  stepNames: {
    fileDigest: '« Empreinte du fichier »',
    record: '« Enregistrement »',
    aggregation: '« Chemin du lot »',
    fingerprint: '« Empreinte publiée »',
    transaction: '« Transaction »',
    merkleProof: '« Preuve de Merkle »',
    blockHeader: '« En-tête de bloc »',
    chain: '« Meilleure chaîne »',
    service: '« Contrôle par le service »',
  },
  steps: {
    noFile:
      'Aucun fichier n’a été fourni : le SHA-256 du fichier inscrit dans le reçu n’a été comparé à rien. Fournissez le fichier pour vérifier que c’est bien celui de ce reçu.',
    fileDigestPass: 'Le SHA-256 du fichier fourni est celui du reçu ({{sha256}}).',
    recordInBatch: 'Le fichier fait partie d’un lot : la valeur enregistrée est la racine du lot, vérifiée à l’étape « Chemin du lot ».',
    recordPass: 'La valeur enregistrée est le SHA-256 du fichier : ce qui a été enregistré est bien l’empreinte de ce fichier.',
    noBatch: 'Pas d’agrégation : le fichier a été enregistré seul, pas au sein d’un lot.',
    batchPass_one:
      'Le fichier est une feuille d’un lot enregistré d’un seul tenant : sa feuille (issue de son SHA-256 et de son propre nonce), repliée le long de l’unique entrée du chemin du lot, donne la racine du lot, et cette racine est la valeur enregistrée : l’enregistrement du lot ancre ce fichier.',
    batchPass_many:
      'Le fichier est une feuille d’un lot enregistré d’un seul tenant : sa feuille (issue de son SHA-256 et de son propre nonce), repliée le long des {{count, number}} d’entrées du chemin du lot, donne la racine du lot, et cette racine est la valeur enregistrée : l’enregistrement du lot ancre ce fichier.',
    batchPass_other:
      'Le fichier est une feuille d’un lot enregistré d’un seul tenant : sa feuille (issue de son SHA-256 et de son propre nonce), repliée le long des {{count, number}} entrées du chemin du lot, donne la racine du lot, et cette racine est la valeur enregistrée : l’enregistrement du lot ancre ce fichier.',
    fingerprintPass: 'Appliquer l’encodage ({{encode}}) à la valeur enregistrée donne l’empreinte publiée.',
    fingerprintPassNoEncoder: 'Appliquer l’encodage (aucun encodeur) à la valeur enregistrée donne l’empreinte publiée.',
    noRawTransaction:
      'Le reçu ne contient pas la transaction brute : l’empreinte publiée n’a pas été retrouvée sur la chaîne, et le reste de la preuve ne montre pas ce que porte la transaction.',
    txInReceiptOwnPush:
      'La transaction brute du reçu a pour empreinte l’identifiant de transaction de l’enregistrement, et sa sortie {{output}} porte l’empreinte publiée dans une poussée de données à part.',
    txInReceiptInPush:
      'La transaction brute du reçu a pour empreinte l’identifiant de transaction de l’enregistrement, et sa sortie {{output}} porte l’empreinte publiée dans une poussée de données, à côté d’autres octets (les métadonnées du service).',
    txInReceiptInScript:
      'La transaction brute du reçu a pour empreinte l’identifiant de transaction de l’enregistrement, et sa sortie {{output}} porte l’empreinte publiée dans son script.',
    txInProofOwnPush:
      'La transaction brute de la preuve de Merkle a pour empreinte l’identifiant de transaction de l’enregistrement, et sa sortie {{output}} porte l’empreinte publiée dans une poussée de données à part.',
    txInProofInPush:
      'La transaction brute de la preuve de Merkle a pour empreinte l’identifiant de transaction de l’enregistrement, et sa sortie {{output}} porte l’empreinte publiée dans une poussée de données, à côté d’autres octets (les métadonnées du service).',
    txInProofInScript:
      'La transaction brute de la preuve de Merkle a pour empreinte l’identifiant de transaction de l’enregistrement, et sa sortie {{output}} porte l’empreinte publiée dans son script.',
    noMerkleProof: 'Pas encore de confirmation : la transaction n’est dans aucun bloc, il n’y a donc pas de preuve de Merkle.',
    merkleProofPass_one: 'Replier le nœud à partir de l’index {{index}} donne la racine de Merkle {{root}}.',
    merkleProofPass_many: 'Replier les {{count, number}} de nœuds à partir de l’index {{index}} donne la racine de Merkle {{root}}.',
    merkleProofPass_other: 'Replier les {{count, number}} nœuds à partir de l’index {{index}} donne la racine de Merkle {{root}}.',
    noBlock: 'Pas encore de confirmation : il n’y a aucun bloc à vérifier.',
    noHeaderRootTarget:
      'Le reçu ne contient pas d’en-tête de bloc (sa preuve de Merkle vise la racine de Merkle, sans en-tête à côté) : la racine de Merkle n’a pas été rattachée au bloc, et la preuve de travail n’a pas été vérifiée.',
    noHeaderHashTarget:
      'Le reçu ne contient pas d’en-tête de bloc (sa preuve de Merkle vise le hachage du bloc, sans en-tête à côté) : la racine de Merkle n’a pas été rattachée au bloc, et la preuve de travail n’a pas été vérifiée.',
    headerNetworkUnknown:
      'L’en-tête du bloc {{block}} contient la racine de Merkle de la preuve, et son hachage atteint la cible de ses propres bits ({{bits}}), mais sa preuve de travail n’a pas pu être jugée : le réseau {{label}} n’est ni mainnet, ni testnet, ni stn, ni regtest, ni sandbox, et aucune limite ne dit quelle difficulté ses blocs doivent avoir.',
    headerPass:
      'L’en-tête du bloc {{block}} (heure {{time}}) contient la racine de Merkle de la preuve, et son hachage atteint la cible de ses bits ({{bits}}), dans la limite du réseau {{network}}.',
    headerPassFloor:
      'L’en-tête du bloc {{block}} (heure {{time}}) contient la racine de Merkle de la preuve, et son hachage atteint la cible de ses bits ({{bits}}), dans la limite du réseau {{network}} et au-dessus de son seuil de travail (difficulté 2^30, soit environ 1,07 milliard).',
    headerPassTestChain:
      'L’en-tête du bloc {{block}} (heure {{time}}) contient la racine de Merkle de la preuve, et son hachage atteint la cible de ses bits ({{bits}}), dans la limite du réseau {{network}}. {{chain}} est une chaîne de test : n’importe qui peut y miner un bloc avec un ordinateur ordinaire, cette preuve de travail ne prouve donc rien.',
    noBlockOnChain: 'Pas encore de confirmation : il n’y a aucun bloc à chercher sur la chaîne.',
    chainOffline:
      'Nécessite le réseau : un explorateur de blocs est interrogé pour savoir si le bloc est sur la meilleure chaîne, ce que ne fait pas une vérification hors ligne.',
    chainPass_one: 'Le bloc {{block}} est sur la meilleure chaîne, à la hauteur {{height}}, avec {{count, number}} confirmation, selon {{source}} à {{at}}.',
    chainPass_many:
      'Le bloc {{block}} est sur la meilleure chaîne, à la hauteur {{height}}, avec {{count, number}} de confirmations, selon {{source}} à {{at}}.',
    chainPass_other: 'Le bloc {{block}} est sur la meilleure chaîne, à la hauteur {{height}}, avec {{count, number}} confirmations, selon {{source}} à {{at}}.',
    chainPassNoHeight_one: 'Le bloc {{block}} est sur la meilleure chaîne avec {{count, number}} confirmation, selon {{source}} à {{at}}.',
    chainPassNoHeight_many: 'Le bloc {{block}} est sur la meilleure chaîne avec {{count, number}} de confirmations, selon {{source}} à {{at}}.',
    chainPassNoHeight_other: 'Le bloc {{block}} est sur la meilleure chaîne avec {{count, number}} confirmations, selon {{source}} à {{at}}.',
    serviceOffline:
      'Nécessite le réseau et une clé d’API : le service est interrogé pour savoir s’il détient toujours cet enregistrement, ce que ne fait pas une vérification hors ligne.',
    servicePass: 'Le service (profil « {{profile}} ») confirme que l’enregistrement correspond à la transaction {{txId}}.',
    notRun: 'Non exécutée : l’étape {{step}} a échoué.',
  },
  verdicts: {
    verified: 'Vérifié : l’empreinte du fichier figure dans la transaction {{txId}}, dans le bloc {{block}}.',
    verifiedTestChain:
      'Vérifié sur {{network}}, une chaîne de test : l’empreinte du fichier figure dans la transaction {{txId}}, dans le bloc {{block}}. La preuve de travail d’un bloc de {{network}} ne prouve rien (n’importe qui peut y miner un bloc avec un ordinateur ordinaire) : ce n’est pas une preuve sur mainnet.',
    failedAt: 'La vérification a échoué à l’étape {{step}}.',
    notVerifiable: 'Le reçu n’a pas pu être vérifié : une partie de son contenu n’a pas pu être lue.',
    pending:
      'L’enregistrement n’est pas encore confirmé : sa transaction n’est dans aucun bloc, rien n’ancre donc le fichier dans le temps. Actualisez le reçu quand le service signale une confirmation.',
    partial_one: 'Partiellement vérifié, pas vérifié : aucun contrôle n’a échoué, mais l’étape {{steps}} n’a pas pu être vérifiée.',
    partial_many: 'Partiellement vérifié, pas vérifié : aucun contrôle n’a échoué, mais les étapes {{steps}} n’ont pas pu être vérifiées.',
    partial_other: 'Partiellement vérifié, pas vérifié : aucun contrôle n’a échoué, mais les étapes {{steps}} n’ont pas pu être vérifiées.',
    networkUnknown: 'Notarium ne connaît pas le réseau {{label}} : la preuve de travail d’aucun de ses blocs ne peut être jugée.',
    partialDisowned: 'Partiellement vérifié, pas vérifié : tous les contrôles hors ligne ont réussi, mais le service qui a produit ce reçu ne le connaît pas.',
    disownedToo: 'Le service qui a produit ce reçu ne le connaît pas non plus.',
    partialServiceNotMade:
      'Partiellement vérifié, pas vérifié : tous les contrôles hors ligne ont réussi, mais le contrôle par le service qui était demandé n’a pas pu être fait.',
    serviceNotMadeEither: 'Le contrôle par le service qui était demandé n’a pas pu être fait non plus.',
    partialChainNotMade:
      'Partiellement vérifié, pas vérifié : tous les contrôles hors ligne ont réussi, mais le contrôle de la meilleure chaîne qui était demandé n’a pas pu être fait.',
    importedPendingHeld:
      'Partiellement vérifié, pas vérifié : la bibliothèque détient cet enregistrement sous forme de reçu importé, qui était en attente lors de son import (les éléments de son service ne l’ont pas vérifié entièrement depuis ; Notarium ne l’a pas enregistré). Tous les contrôles des éléments qu’il contient ont réussi.',
    importedPartial:
      'Partiellement vérifié, pas vérifié : la bibliothèque détient cet enregistrement sous forme de reçu importé, qui n’était que partiellement vérifié lors de son import (son reçu manquait d’éléments pour vérifier tout ce qu’il affirme ; Notarium ne l’a pas enregistré). Tous les contrôles des éléments qu’il contient ont réussi.',
    importedPartialTestChain:
      'Partiellement vérifié, pas vérifié : la bibliothèque détient cet enregistrement sous forme de reçu importé, qui n’était que partiellement vérifié lors de son import (sur une chaîne de test, n’importe qui peut miner un en-tête, et aucun service de la bibliothèque n’a confirmé son identifiant de transaction ; Notarium ne l’a pas enregistré). Tous les contrôles des éléments qu’il contient ont réussi.',
    noRegistration: 'Aucun reçu n’accompagne ce fichier, et la bibliothèque n’a aucun enregistrement de son contenu.',
    notInBlock: 'Enregistré ({{txId}}), mais dans aucun bloc.',
    notInBlockAsked: 'Enregistré ({{txId}}), mais dans aucun bloc lors de la dernière interrogation, le {{at}}.',
    batchNotInBlock: 'Enregistré parmi les fichiers d’un lot ({{txId}}), mais dans aucun bloc.',
    batchNotInBlockAsked: 'Enregistré parmi les fichiers d’un lot ({{txId}}), mais dans aucun bloc lors de la dernière interrogation, le {{at}}.',
    filesNotInBlock_one: 'Enregistré comme seul fichier d’un lot ({{txId}}), mais dans aucun bloc.',
    filesNotInBlock_many: 'Enregistré parmi {{count, number}} de fichiers ({{txId}}), mais dans aucun bloc.',
    filesNotInBlock_other: 'Enregistré parmi {{count, number}} fichiers ({{txId}}), mais dans aucun bloc.',
    filesNotInBlockAsked_one: 'Enregistré comme seul fichier d’un lot ({{txId}}), mais dans aucun bloc lors de la dernière interrogation, le {{at}}.',
    filesNotInBlockAsked_many: 'Enregistré parmi {{count, number}} de fichiers ({{txId}}), mais dans aucun bloc lors de la dernière interrogation, le {{at}}.',
    filesNotInBlockAsked_other: 'Enregistré parmi {{count, number}} fichiers ({{txId}}), mais dans aucun bloc lors de la dernière interrogation, le {{at}}.',
    provesFileHeader:
      'Ce fichier existait au plus tard au bloc {{block}}, dont l’en-tête indique l’heure {{time}} (l’heure d’un en-tête est exacte à environ deux heures près).',
    provesFileHeaderIf:
      'Si les points non prouvés sont avérés, ce fichier existait au plus tard au bloc {{block}}, dont l’en-tête indique l’heure {{time}} (l’heure d’un en-tête est exacte à environ deux heures près).',
    provesDigestHeader:
      'Le fichier dont le SHA-256 est {{sha256}} existait au plus tard au bloc {{block}}, dont l’en-tête indique l’heure {{time}} (l’heure d’un en-tête est exacte à environ deux heures près).',
    provesDigestHeaderIf:
      'Si les points non prouvés sont avérés, le fichier dont le SHA-256 est {{sha256}} existait au plus tard au bloc {{block}}, dont l’en-tête indique l’heure {{time}} (l’heure d’un en-tête est exacte à environ deux heures près).',
    provesFileReported:
      'Ce fichier existait au plus tard au bloc {{block}}, dont le service a indiqué l’heure {{time}} (non vérifiée : le reçu ne contient pas d’en-tête de bloc).',
    provesFileReportedIf:
      'Si les points non prouvés sont avérés, ce fichier existait au plus tard au bloc {{block}}, dont le service a indiqué l’heure {{time}} (non vérifiée : le reçu ne contient pas d’en-tête de bloc).',
    provesDigestReported:
      'Le fichier dont le SHA-256 est {{sha256}} existait au plus tard au bloc {{block}}, dont le service a indiqué l’heure {{time}} (non vérifiée : le reçu ne contient pas d’en-tête de bloc).',
    provesDigestReportedIf:
      'Si les points non prouvés sont avérés, le fichier dont le SHA-256 est {{sha256}} existait au plus tard au bloc {{block}}, dont le service a indiqué l’heure {{time}} (non vérifiée : le reçu ne contient pas d’en-tête de bloc).',
    testChainProvesNothing:
      'Mais {{network}} est une chaîne de test : n’importe qui peut y miner un bloc avec un ordinateur ordinaire, sa preuve de travail ne prouve donc rien, et ce n’est pas une preuve sur mainnet.',
    explorerAnswered_one:
      '{{source}} a répondu à {{at}} que le bloc est sur sa meilleure chaîne, à la hauteur {{height}}, avec {{count, number}} confirmation.',
    explorerAnswered_many:
      '{{source}} a répondu à {{at}} que le bloc est sur sa meilleure chaîne, à la hauteur {{height}}, avec {{count, number}} de confirmations.',
    explorerAnswered_other:
      '{{source}} a répondu à {{at}} que le bloc est sur sa meilleure chaîne, à la hauteur {{height}}, avec {{count, number}} confirmations.',
    restsOnExplorer:
      'Que le bloc soit sur la chaîne la plus lourde du réseau {{network}} repose sur la parole d’un explorateur de blocs ; tout autre explorateur de ce réseau, ou une chaîne d’en-têtes de confiance, peut le confirmer.',
    restsOnExplorerUnknown:
      'Que le bloc soit sur la chaîne la plus lourde du réseau que le reçu nomme {{label}} repose sur la parole d’un explorateur de blocs ; tout autre explorateur de ce réseau, ou une chaîne d’en-têtes de confiance, peut le confirmer.',
    notHeaviest:
      'Cela ne prouve pas que le bloc est sur la chaîne la plus lourde du réseau {{network}} : vérifiez-le avec n’importe quel explorateur de blocs de ce réseau, ou avec une chaîne d’en-têtes de confiance.',
    notHeaviestUnknown:
      'Cela ne prouve pas que le bloc est sur la chaîne la plus lourde du réseau que le reçu nomme {{label}} : vérifiez-le avec n’importe quel explorateur de blocs de ce réseau, ou avec une chaîne d’en-têtes de confiance.',
    unprovenFile: 'Qu’un fichier donné soit celui décrit : aucun fichier n’a été fourni, son SHA-256 n’a donc pas été comparé à {{sha256}}.',
    unprovenTransaction:
      'Que la transaction {{txId}} porte cette empreinte : le reçu ne contient pas la transaction brute. Récupérez-la sur n’importe quel explorateur de blocs et vérifiez que le script d’une sortie contient les octets {{bytes}}.',
    unprovenWork:
      'Que le bloc {{block}} ait demandé le moindre travail : le réseau {{label}} du reçu n’est ni mainnet, ni testnet, ni stn, ni regtest, ni sandbox, sa preuve de travail n’a donc pas pu être jugée, et un bloc que n’importe qui peut miner en un instant ne prouve rien.',
    unprovenHeader:
      'Que la transaction {{txId}} soit dans le bloc {{block}}, ainsi que l’heure et la preuve de travail de ce bloc : le reçu ne contient pas d’en-tête de bloc. Récupérez l’en-tête de ce bloc sur n’importe quel explorateur de blocs.',
    unprovenHeaderNetwork: 'Même alors, Notarium ne connaît pas le réseau {{label}} de ce reçu : sa preuve de travail n’a pas pu être jugée.',
    unprovenStep: 'L’étape {{step}} a été sautée.',
    unprovenDisowned: 'Que le service qui a produit ce reçu l’ait enregistré.',
    unprovenServiceAsked: 'Que le service qui a produit ce reçu détienne toujours cet enregistrement, comme demandé.',
    unprovenChainAsked: 'Que le bloc soit sur la meilleure chaîne, comme demandé.',
    unprovenImportedPending:
      'Que l’enregistrement soit celui qu’affirme son reçu importé : ce reçu était en attente lors de son import, et les éléments de son service ne l’ont pas vérifié entièrement depuis.',
    unprovenImported: 'Que l’enregistrement soit celui qu’affirme son reçu importé : ce reçu manquait d’éléments pour vérifier tout ce qu’il affirme.',
    unprovenImportedTestChain:
      'Que l’enregistrement soit celui qu’affirme son reçu importé : sur une chaîne de test, n’importe qui peut miner un en-tête, et aucun service de la bibliothèque n’a confirmé son identifiant de transaction.',
  },
  stepCodes: {
    'file-digest-malformed': 'L’empreinte du fichier inscrite dans le reçu n’est pas un condensé SHA-256.',
    'file-digest-mismatch': 'Le condensé SHA-256 du fichier n’est pas celui que contient le reçu.',
    'record-not-file-digest': 'La valeur enregistrée n’est pas l’empreinte du fichier.',
    'aggregation-root-mismatch': 'Le chemin de Merkle du lot, depuis le fichier, ne mène pas à la racine que nomme le reçu.',
    'aggregation-root-not-record': 'La racine du lot n’est pas la valeur qui a été enregistrée.',
    'encode-invalid': 'L’encodage du reçu (la façon dont la valeur enregistrée a été transformée en octets publiés) est illisible.',
    'salt-not-in-encode': 'Le sel du reçu n’est pas celui que nomme son encodage.',
    'published-mismatch': 'Encoder la valeur enregistrée ne donne pas les octets que le reçu dit avoir publiés.',
    'txid-mismatch': 'L’empreinte de la transaction brute du reçu n’est pas son identifiant de transaction.',
    'fingerprint-not-in-transaction': 'Les octets publiés ne figurent pas dans la transaction que nomme le reçu.',
    'transaction-truncated': 'La transaction brute du reçu s’arrête trop tôt.',
    'transaction-non-canonical': 'La transaction brute du reçu est écrite d’une manière non standard qu’aucun nœud n’accepterait.',
    'transaction-no-inputs': 'La transaction brute du reçu n’a pas d’entrée, ce qui ne manque à aucune vraie transaction.',
    'transaction-trailing-bytes': 'La transaction brute du reçu a des octets en trop après sa fin.',
    'transaction-coinbase': 'La transaction du reçu est la transaction coinbase d’un bloc, qui ne peut pas porter d’enregistrement.',
    'proof-kind-unsupported': 'La preuve de Merkle du reçu est d’un type que Notarium ne lit pas.',
    'proof-target-type-unknown': 'La cible de la preuve de Merkle n’est ni un hachage de bloc, ni un en-tête, ni une racine de Merkle.',
    'proof-txid-malformed': 'L’identifiant de transaction de la preuve de Merkle ne compte pas 64 caractères hexadécimaux.',
    'proof-txid-mismatch': 'La preuve de Merkle porte sur une autre transaction que celle que nomme le reçu.',
    'proof-index-invalid': 'La position de la preuve de Merkle dans le bloc n’est pas un nombre valable pour son chemin.',
    'proof-index-coinbase': 'La preuve de Merkle place la transaction en tête de son bloc, la place de la coinbase.',
    'proof-node-invalid': 'Un nœud de la preuve de Merkle n’est pas un hachage de 32 octets.',
    'proof-too-deep': 'La preuve de Merkle est plus longue que ce qu’un bloc pourrait demander.',
    'merkle-root-mismatch': 'La preuve de Merkle ne mène pas à la racine de Merkle du bloc.',
    'proof-target-not-block-hash': 'La cible de la preuve de Merkle n’est pas le hachage du bloc que nomme le reçu.',
    'header-conflict': 'Le reçu nomme deux blocs différents : son en-tête de bloc et l’en-tête que vise sa preuve diffèrent.',
    'header-malformed': 'L’en-tête de bloc du reçu n’est pas formé de 80 octets en hexadécimal.',
    'block-hash-mismatch': 'Le hachage de l’en-tête n’est pas le hachage de bloc que nomme le reçu.',
    'header-bits-negative': 'La difficulté de l’en-tête encode une cible négative, ce qu’aucun bloc n’a.',
    'header-bits-overflow': 'La difficulté de l’en-tête encode une cible trop grande pour être réelle.',
    'header-bits-zero': 'La difficulté de l’en-tête encode une cible nulle, qu’aucun hachage ne peut atteindre.',
    'hash-above-target': 'Le hachage du bloc n’atteint pas sa propre difficulté : personne n’a miné cet en-tête.',
    'target-above-network-limit': 'La difficulté du bloc est plus faible que ne le permet son réseau.',
    'work-below-floor': 'La difficulté du bloc est bien plus faible que celle de tout vrai bloc de son réseau : n’importe qui pourrait fabriquer cet en-tête.',
    'block-unknown-to-explorer': 'L’explorateur de blocs ne connaît pas le bloc du reçu.',
    'block-not-on-best-chain': 'Le bloc du reçu est connu, mais il n’est plus sur la chaîne que tous prolongent.',
    'service-mismatch': 'Le service indique que cet enregistrement ne correspond pas à la transaction qu’il a écrite.',
    'unknown-to-maker': 'Le service qui a produit le reçu ne connaît pas sa transaction, bien que le reçu la dise dans un bloc.',
    'step-error': 'Le reçu contenait quelque chose que cette étape n’a pas pu traiter du tout.',
    'no-file': 'Aucun fichier n’a été fourni : le reçu a été vérifié, mais pas par rapport à un fichier.',
    'no-raw-transaction': 'Le reçu ne contient pas la transaction brute : les octets publiés n’y ont donc pas été cherchés.',
    'not-confirmed': 'L’enregistrement n’était dans aucun bloc quand le reçu a été écrit.',
    'no-block-header': 'Le reçu ne contient pas d’en-tête de bloc : la preuve de travail du bloc n’a donc pas été vérifiée.',
    'network-unknown': 'Le reçu nomme un réseau que Notarium ne connaît pas : la preuve de travail de son bloc n’a donc pas été jugée.',
    offline: 'Une étape en ligne n’a pas été demandée : la vérification était hors ligne.',
    'no-block-lookup': 'Aucun explorateur de blocs n’est connu pour le service du reçu : le bloc n’a donc pas été recherché.',
    'explorer-unreachable': 'L’explorateur de blocs n’a pas pu être joint.',
    'explorer-answer-invalid': 'L’explorateur de blocs a répondu quelque chose qu’aucun explorateur de blocs ne répond.',
    'block-unknown-to-lookup': 'L’explorateur de blocs ne connaît pas le bloc du reçu (il est peut-être sur un autre réseau).',
    'no-profile-for-service': 'Aucun profil ne mène au service qui a produit le reçu : ce service n’a donc pas été interrogé.',
    'unknown-to-other-service': 'Le service interrogé ne connaît pas la transaction, mais ce n’est pas lui qui a produit le reçu : cela ne prouve rien.',
    'not-known-yet': 'Le service ne connaît pas encore la transaction : il est peut-être encore en train de la publier.',
    'feature-unavailable': 'La configuration du service n’offre pas le contrôle que demande cette étape.',
    'service-unreachable': 'Le service n’a pas pu être joint.',
  },
} as const;

export const engineErrorsFr = {
  errors: {
    TX_ID_PARAM_INVALID: 'Ce n’est pas un identifiant de transaction valable : 64 caractères hexadécimaux sont attendus. Vérifiez le txId que vous avez donné.',
    TX_HASH_PARM_INVALID: 'Ce n’est pas un hachage de transaction valable : 64 caractères hexadécimaux sont attendus. Vérifiez le hachage que vous avez donné.',
    TX_NOT_AN_EVENT_TRANSACTION:
      'Cette transaction existe, mais ce n’est pas un enregistrement de ce service : vérifiez le txId, et que le profil nomme le service qui l’a écrite.',
    TX_CONTENT_TYPE_NOT_SUPPORTED:
      'Cet enregistrement a été écrit par une version plus récente du service, que celle-ci ne sait pas lire : adressez-vous au fournisseur du service.',
    TX_INCORRECT_EVENT_TRANSACTION_TYPE:
      'Cette transaction est un enregistrement simple, pas un enregistrement lié (une version de document) : utilisez-la comme enregistrement, ou nommez une version d’un document.',
    INCORRECT_EVENT_TRANSACTION_TYPE:
      'Le service a refusé la demande, qui n’est pas du bon type pour cette transaction : une finalisation ne prend aucun contenu, et un enregistrement simple n’a pas de versions. Vérifiez le document que vous avez nommé.',
    TX_NOT_LINKABLE:
      'Cet enregistrement ne peut pas recevoir de nouvelle version : c’est un enregistrement simple, ou son document est finalisé. Commencez un nouveau document pour ce fichier (notarise --document).',
    NOT_LINKED_RECORDS_END:
      'Seule la dernière version d’un document peut être mise à jour ou finalisée, et celle-ci n’est pas la dernière : nommez la dernière version (notarium versions les affiche).',
    UPDATE_TOKEN_PARAM_INVALID:
      'Le jeton de mise à jour du document a été refusé ; le document a peut-être été modifié ailleurs. Consultez ses versions (notarium versions), puis réessayez.',
    CONTENT_LENGTH_LIMIT_EXCEEDED:
      'L’enregistrement dépasse la taille que le service accepte : vérifiez l’encodage du profil, ou demandez sa limite au fournisseur du service.',
    CONTENT_BAD_ENCODER: 'Le service n’autorise pas cet encodeur ; choisissez un autre encodage dans les réglages du profil.',
    CONTENT_ENCODER_ARGUMENT_MISSING: 'Le service exige un sel pour cet encodeur : choisissez un encodage avec sel dans les réglages du profil.',
    ENCODE_PARAM_INVALID: 'Le service a refusé la spécification d’encodage : choisissez un autre encodage dans les réglages du profil.',
    UNKNOWN_ENCODER: 'Le service ne connaît pas cet encodeur : choisissez un autre encodage dans les réglages du profil.',
    ENCODER_SHA256_MISSING: 'Le service exige une étape SHA256 dans l’encodage : choisissez un encodage qui en comporte une dans les réglages du profil.',
    CONTENT_IS_REQUIRED:
      'Le service exige un contenu d’enregistrement, et aucun n’a été envoyé : réessayez, et si cela se reproduit, signalez-le aux mainteneurs de Notarium.',
    LINKS_PARAM_INVALID: 'Le nombre de liens à parcourir sort de la plage que le service autorise : demandez moins de versions à la fois.',
    INVALID_NAVIGATION_TRANSACTION_TYPE:
      'Cette transaction n’est pas un enregistrement lié : elle n’a pas de versions à parcourir. Nommez une version d’un document.',
    PREV_TX_ID_PARAM_MISSING:
      'Cette version en suit une autre : le service a besoin de l’identifiant de la version précédente pour la vérifier, ou pour finaliser après elle. Réessayez, et si cela se reproduit, signalez-le aux mainteneurs de Notarium.',
    PREVIOUS_RECORD_NOT_MINED:
      'Le service n’accepte une nouvelle version (ou une finalisation) qu’une fois que la version qu’elle suit est dans un bloc, ce qui n’est pas encore le cas : attendez son bloc (environ 10 minutes sur BSV), puis réessayez.',
    INVALID_GRANT: 'La connexion n’a pas pu aboutir : le code ou le jeton a été refusé. Connectez-vous à nouveau.',
    INVALID_REQUEST: 'La demande était mal formée : réessayez, et si cela se reproduit, signalez-le aux mainteneurs de Notarium.',
    INVALID_JSON: 'La demande était mal formée : réessayez, et si cela se reproduit, signalez-le aux mainteneurs de Notarium.',
    UNAUTHORIZED: 'Le service a refusé la clé d’API ou la connexion : vérifiez la clé d’API dans les réglages du profil, ou connectez-vous à nouveau.',
    FEATURE_UNAVAILABLE:
      'La configuration de ce service n’offre pas cette fonction (enregistrements liés, vérification ou navigation) : demandez à son fournisseur de l’activer, ou utilisez un profil dont le service l’offre.',
    BEING_SENT:
      'Un autre processus Notarium (l’application, ou une autre commande) est en train d’envoyer cet enregistrement : il lui est laissé, et son résultat apparaîtra dans la bibliothèque à la fin de l’envoi.',
    WATCHED_ELSEWHERE:
      'Un autre processus Notarium (l’application, ou notarium watch) surveille déjà les dossiers de cette bibliothèque, et deux surveillances enregistreraient deux fois un nouveau fichier : la surveillance lui est laissée.',
    WRITE_IN_DOUBT:
      'La réponse concernant une version a été perdue et la chaîne ne la montre pas encore : elle est peut-être encore en route, elle n’est donc pas renvoyée avant l’heure prévue pour un nouvel envoi.',
    TXID_MISSING:
      'Le service a accepté la demande sans dire quelle transaction il a écrite : l’enregistrement reste incertain, et il n’est pas renvoyé avant que la chaîne ait été lue pour le retrouver.',
    ENCODING_MISMATCH:
      'Le service a publié d’autres octets que ceux calculés par Notarium : les reçus de ce service ne se vérifieraient pas. Ce qu’il a enregistré le reste, mais Notarium ne lui envoie plus rien pendant cette session : vérifiez l’URL du service dans le profil, et demandez à son fournisseur s’il applique l’encodage comme documenté (SHA-256 des octets ASCII du sel suivis de la valeur enregistrée).',
    NOT_FOUND:
      'Le service ne connaît pas (encore) cette transaction : elle est peut-être encore en cours de publication, ou elle a été rejetée. Attendez quelques minutes et redemandez (notarium status).',
    RATE_LIMITED: 'Le service est surchargé et demande de ralentir ; Notarium réessaie sous peu.',
    SERVICE_UNAVAILABLE: 'Le service est indisponible pour le moment : réessayez plus tard.',
    SERVICE_ERROR:
      'Le service a refusé la demande pour une raison que Notarium ne connaît pas : réessayez plus tard, ou adressez-vous au fournisseur du service.',
    NETWORK: 'Le service n’a pas pu être joint : vérifiez la connexion réseau et l’URL du profil.',
    TIMEOUT: 'Le service n’a pas répondu à temps : réessayez, et vérifiez la connexion réseau si cela se reproduit.',
    BAD_RESPONSE: 'Le service a répondu quelque chose que Notarium ne comprend pas : vérifiez l’URL du service dans le profil, puis réessayez plus tard.',
    REDIRECT_REFUSED:
      'Le service a redirigé la demande vers une autre origine, ce que Notarium ne suit pas : rien n’y a été envoyé, et rien de là-bas n’a été pris pour la réponse du service. Vérifiez l’adresse dans le profil.',
    CANCELLED: 'Annulé avant la fin : rien de plus n’a été fait. Relancez l’opération pour la mener à bien.',
    CLOSING: 'Notarium se ferme et n’a plus rien pris en charge : rouvrez-le pour continuer.',
    FILE_UNREADABLE: 'Le fichier n’a pas pu être lu : vérifiez qu’il existe et que vous avez le droit de le lire, puis réessayez.',
    FILE_UNWRITABLE: 'Le fichier n’a pas pu être écrit à cet endroit : choisissez-en un autre (avec -o en ligne de commande).',
    RECEIPT_INVALID: 'Ce n’est pas un reçu Notarium valable : vérifiez que vous avez choisi le fichier .receipt.json, ou redemandez-le à son expéditeur.',
    NETWORK_MISMATCH:
      'Le réseau du profil et la chaîne sur laquelle écrit son service ne concordent pas : aucun reçu n’a été écrit. Réglez le réseau du profil (notarium profile add <name> --network <label>, ou dans les réglages), et le reçu sera alors écrit.',
    KEYCHAIN_UNAVAILABLE:
      'Le trousseau du système n’est pas disponible, le secret ne peut donc pas être conservé : déverrouillez ou installez un trousseau (Secret Service, Trousseau d’accès, Gestionnaire d’identification), puis réessayez.',
    NO_API_KEY: 'Ce profil n’a pas de clé d’API : définissez-en une avec « notarium key set » ou dans les réglages de l’application.',
    SERVICE_CHANGED:
      'Cet enregistrement a été fait pour un autre service que celui que son profil joint maintenant : il n’a pas été envoyé, car il ne part que vers le service pour lequel il a été fait. Rétablissez l’URL du service dans le profil, ou supprimez l’enregistrement.',
    PROFILE_NOT_FOUND: 'Il n’existe aucun profil de ce nom : notarium profile list affiche les noms.',
    PROFILE_IN_USE:
      'Ce profil a encore des enregistrements dans la bibliothèque, qui le retiennent : supprimez d’abord ces enregistrements, ou gardez le profil.',
    SANDBOX_PROFILE_FIXED:
      'Le profil Bac à sable est intégré : il ne peut être ni renommé, ni supprimé, ni recevoir de clé d’API ; ajoutez un profil de service pour cela.',
    INVALID_SETTING: 'Un réglage a une valeur que Notarium ne peut pas utiliser : donnez-lui à nouveau une valeur qu’il accepte.',
    INVALID_ARGUMENT: 'Une valeur donnée à Notarium ne peut pas être utilisée : vérifiez-la (--help indique ce que prend chaque commande).',
    NOT_IN_LIBRARY: 'La bibliothèque n’a aucun enregistrement, document ou dossier surveillé de ce type : horodatez d’abord le fichier, ou importez son reçu.',
    NOT_A_DOCUMENT: 'Ce n’est pas un document dont une version enregistrée puisse être suivie : horodatez le fichier avec --document pour en commencer un.',
    ALREADY_A_VERSION: 'Ce contenu est déjà une version de ce document : rien à faire, il est enregistré.',
    ALREADY_REGISTERED:
      'Ce contenu est déjà enregistré sous forme d’enregistrement simple, qui ne peut pas recevoir de versions : aucun document n’a été commencé. Un document commence par un enregistrement qui lui est propre (notarium notarise --document --again).',
    AMBIGUOUS_DOCUMENT: 'Plusieurs documents peuvent correspondre : nommez le document par le txId de l’une de ses versions.',
    NAME_TOO_LONG:
      'Le nom du fichier est trop long pour que le nom de son reçu reste dans la limite du système de fichiers : il n’a pas été enregistré. Renommez le fichier, puis horodatez-le à nouveau.',
    NO_RECEIPT:
      'Cet enregistrement n’a pas de reçu propre : il ne contient aucun fichier (il finalise un document), ou le service ne l’a pas encore accepté. Attendez qu’il soit accepté, ou exportez le reçu d’une version.',
    LOCATION_UNKNOWN: 'Notarium ne sait pas où se trouve ce fichier : indiquez où écrire (avec -o en ligne de commande).',
    NO_EXPLORER_PAGE: 'Ce profil ne nomme aucune page d’explorateur : ajoutez-en une (une URL avec {txId}) dans ses réglages.',
    WATCHED_CHAIN:
      'Ce document est la chaîne d’un dossier surveillé : ses versions sont les passages du dossier. Il ne prend donc aucun autre fichier comme version, et il est finalisé en retirant le dossier (arrêtez d’abord de le surveiller).',
    WATCH_OVERLAP:
      'Ce dossier est déjà surveillé, ou se trouve dans un dossier surveillé ou autour : un fichier serait surveillé deux fois. Choisissez un dossier hors des dossiers surveillés, ou retirez celui qu’il chevauche.',
    JOB_ID_IN_USE: 'Une tâche portant cet identifiant est déjà en cours : créez un nouvel identifiant (un UUID aléatoire) pour chaque tâche.',
    BAD_CALL:
      'L’appel a été refusé : son nom ou ses arguments ne sont pas ceux que Notarium accepte. Rechargez la page ; si cela se reproduit, signalez-le aux mainteneurs de Notarium.',
    NOT_IN_THIS_SHELL:
      'Cette fenêtre ne peut pas prendre cela : l’application de bureau prend les fichiers et les dossiers par leur chemin, le navigateur prend les fichiers déposés ou choisis. Déposez ou choisissez plutôt le fichier.',
    UPLOAD_EXPIRED: 'Notarium ne détient plus ce fichier déposé : déposez-le à nouveau.',
    NO_BROWSER: 'Notarium n’a pas pu ouvrir de navigateur sur cette machine : ouvrez vous-même l’adresse qu’il indique.',
    URL_REFUSED:
      'Notarium n’ouvre dans le navigateur que les pages http ou https qu’il attend : une page de connexion, ou la page d’explorateur que nomme un profil. Vérifiez les adresses du profil.',
    APP_UNAVAILABLE: 'L’application de bureau ne peut pas démarrer ici : « notarium app --web » ouvre plutôt l’application dans le navigateur.',
    FORBIDDEN:
      'Cette page n’a pas le droit d’appeler Notarium : ouvrez l’application depuis l’adresse que donne Notarium (notarium app), pas depuis une autre page.',
    UNAVAILABLE: 'Notarium n’est pas joignable depuis cette page : vérifiez que l’application fonctionne toujours, puis rechargez la page.',
    SESSION_ENDED: 'La session de cette page avec Notarium a pris fin : rouvrez l’application.',
    UPLOAD_FAILED: 'Notarium n’a pas pu recevoir le fichier déposé : vérifiez que l’application fonctionne toujours, puis déposez-le à nouveau.',
    UPLOAD_REFUSED:
      'Notarium n’a pas pris le fichier déposé : il dépasse la taille que prend la version navigateur, ou trop de fichiers déposés sont détenus à la fois. Utilisez l’application de bureau ou notarium notarise pour un gros fichier, ou déposez-en moins à la fois.',
    STORE_ERROR:
      'La bibliothèque locale n’a pas pu être lue ou écrite : vérifiez qu’il reste de la place sur le disque et que le dossier de données est accessible en écriture, puis réessayez.',
    FILE_MANAGER_UNWRITABLE:
      'Notarium n’a pas pu modifier les réglages du gestionnaire de fichiers : un dossier ou un fichier dont il a besoin n’est pas accessible en écriture. Rendez-le accessible, puis réessayez.',
    FILE_MANAGER_CONFLICT:
      'Un fichier que Notarium n’a pas écrit occupe la place de son entrée dans le gestionnaire de fichiers : il a été laissé tel quel. Renommez-le ou supprimez-le, puis réessayez.',
    THUNAR_ACTIONS_MALFORMED:
      'Le fichier des actions personnalisées de Thunar (uca.xml) n’est pas un XML valable : Notarium l’a laissé intact. Réparez-le (ou supprimez-le pour repartir de zéro), puis réessayez.',
    NOT_BUILT:
      'Cette copie de Notarium n’est pas entièrement construite : il lui manque une partie dont elle a besoin. Dans un clone, lancez « npm run build », puis réessayez ; un Notarium installé qui dit cela doit être réinstallé.',
    INTERNAL: 'Notarium n’a pas pu terminer à cause d’une erreur qui lui est propre : réessayez, et si cela se reproduit, quittez Notarium et rouvrez-le.',
    SIGN_IN_CANCELLED: 'La connexion a été annulée dans le navigateur : connectez-vous à nouveau quand vous serez prêt.',
    SIGN_IN_FAILED:
      'La connexion n’a pas abouti : le portail d’identité a renvoyé une erreur. Connectez-vous à nouveau ; si cela échoue encore, vérifiez les réglages d’identité du profil.',
    SIGN_IN_TIMEOUT: 'Le délai de connexion est dépassé : le navigateur n’est pas revenu à Notarium à temps. Recommencez.',
    SIGN_IN_NOT_CONFIGURED:
      'Ce profil n’a pas de service d’identité : réglez d’abord son URL d’authentification, son identifiant d’environnement d’identité et son identifiant client.',
    TOKEN_INVALID:
      'Le portail d’identité a renvoyé un jeton qui ne se vérifie pas : il a été refusé. Connectez-vous à nouveau, et si cela se reproduit, vérifiez les réglages d’identité du profil.',
    SIGNED_OUT: 'Vous êtes déconnecté : connectez-vous à nouveau.',
    PDF_UNAVAILABLE:
      'L’impression en PDF nécessite Chromium, Google Chrome ou Microsoft Edge, et aucun n’a été trouvé : installez-en un (ou indiquez son chemin dans NOTARIUM_CHROMIUM), ou enregistrez le certificat HTML et imprimez-le en PDF depuis votre navigateur.',
    PDF_FAILED: 'Le certificat n’a pas pu être imprimé en PDF : enregistrez plutôt le certificat HTML et imprimez-le depuis votre navigateur.',
    PDF_TIMEOUT: 'L’impression du certificat en PDF a pris trop de temps : enregistrez plutôt le certificat HTML et imprimez-le depuis votre navigateur.',
  },
} as const;

export const engineErrorsWithFr = {
  errorsWith: {
    alreadyWatched: '{{path}} est déjà surveillé.',
    watchOverlap: '{{path}} chevauche le dossier surveillé {{other}} : un fichier serait surveillé deux fois.',
    fileMissing: 'Le fichier « {{path}} » n’a pas pu être lu : il n’existe pas (il a peut-être été déplacé ou supprimé).',
    fileIsFolder: 'Le fichier « {{path}} » n’a pas pu être lu : c’est un dossier, pas un fichier.',
    fileDenied: 'Le fichier « {{path}} » n’a pas pu être lu : accès refusé, cet utilisateur n’a pas le droit de le lire.',
    fileNotRegular:
      'Le fichier « {{path}} » n’a pas pu être lu : ce n’est pas un fichier ordinaire mais un périphérique, un tube ou un socket, et Notarium ne lit que des fichiers ordinaires.',
    notAReceipt: '{{name}} n’est pas un reçu Notarium valable : vérifiez que vous avez choisi le fichier .receipt.json, ou redemandez-le à son expéditeur.',
    serviceRefusedCode: 'Le service a refusé la demande ({{errorCode}}).',
    serviceRefusedStatus: 'Le service a refusé la demande (HTTP {{status}}).',
  },
} as const;
