/** A proof bundle's README.txt in French (bundle-readme/en.ts says what it is): its lines wrapped at 100 columns. */
export const bundleReadmeFr = {
  bundleReadme: {
    heading: 'Dossier de preuve écrit par Notarium {{version}} le {{date}}',
    receiptRow: 'un reçu\u00a0: la preuve que son fichier existait déjà lors de son bloc',
    indexRow: 'les versions du document, dans l’ordre',
    pageRow: 'une page qui vérifie un fichier et son reçu dans un navigateur, hors ligne',
    toCheck: 'Pour vérifier\u00a0: ouvrez {{page}} dans un navigateur et déposez-y le fichier et son reçu.',
    sameBytes:
      '{{page}} est identique, octet pour octet, dans chaque dossier écrit par cette version de\nNotarium. Cette page ne peut pas se porter garante d’elle-même\u00a0: son expéditeur a pu la modifier,\ntout comme ce README. Avant de vous fier à ce qu’elle affiche, calculez son empreinte SHA-256\u00a0:',
    figureLead: 'Le Notarium de l’expéditeur l’a indiquée ainsi\u00a0:',
    compare:
      'mais comparez-la avec l’empreinte que Notarium publie pour la version {{version}}, sur laquelle\nl’expéditeur n’a aucune prise. Où elle est publiée\u00a0:\n  - la documentation de Notarium\u00a0: la page docs/evidence.md, section\n    «\u00a0The verifier page’s SHA-256\u00a0», une ligne par version, dans les sources de Notarium\u00a0;\n  - votre propre Notarium (de même version)\u00a0: «\u00a0notarium verify <ce dossier>\u00a0» compare {{page}}\n    avec l’empreinte publiée pour cette page et vérifie lui-même chaque reçu présent ici, et\n    «\u00a0notarium verifier-page -o DIR\u00a0» écrit la page, affiche son empreinte SHA-256 et indique si\n    c’est celle qui est publiée.',
    withoutCopy:
      'Ou passez-vous de cette copie\u00a0: «\u00a0notarium verifier-page -o DIR\u00a0» écrit la page telle que votre\npropre Notarium la construit, «\u00a0notarium receipt verify REÇU FICHIER\u00a0» vérifie sans aucune page, et\nla documentation du format de reçu (docs/receipt-format.md dans les sources de Notarium) explique\ncomment vérifier un reçu à la main, indépendamment de Notarium.',
    bestChain:
      'La page ne vérifie pas que le bloc est sur la meilleure chaîne\u00a0: recherchez le hachage du bloc dans\nn’importe quel explorateur de blocs de son réseau, ou lancez\n«\u00a0notarium receipt verify REÇU FICHIER --online\u00a0».',
  },
} as const;
