/**
 * The offline verifier page's own words (verifier-page/: verify.html, and the check inside an HTML
 * certificate), spread into each language's messages. What the page shares with the app's Verify
 * screen (a status, a step's, what a verification proves) is the screen's (verify/en.ts), and the
 * engine's sentences it shows are the engine's (engine/en.ts). A parameter is a name, a size, a
 * host or a command, put in as it is.
 */
export const verifierPageEn = {
  verifierPage: {
    title: 'Verify a Notarium proof',
    heading: 'Verify a proof',
    lead: 'Check a file against its Notarium receipt: that it is the file registered, and that the registration is in a block.',
    privateOffline: 'Everything happens in this page: nothing is uploaded, and the page cannot reach the network.',
    privateLookup:
      'Everything happens in this page: nothing is uploaded, and the page reaches nothing on the network but {{source}}, when you ask it whether the block is on the best chain.',
    language: 'Language',
    dropTitle: 'Drop the file and its receipt',
    dropHint: 'The receipt is the file ending in .receipt.json. Either can come first.',
    chooseFile: 'Choose file',
    fileInput: 'File to verify',
    chooseReceipt: 'Choose receipt',
    receiptInput: 'Receipt to verify with',
    oneAtATime: 'One file and one receipt are checked at a time: the first of each was taken. Drop the others after.',
    inputs: 'What is checked',
    result: 'Result',
    file: 'File',
    receipt: 'Receipt',
    noFile: 'None yet: add it to check it is the file the receipt is for.',
    noReceipt: 'None yet: the proof is in the file ending in .receipt.json.',
    sha256: 'SHA-256',
    hashing: 'Computing its SHA-256…',
    hashingLabel: 'Hashing the file',
    unreadableFile: '{{name}} could not be read: {{reason}}',
    checking: 'Checking…',
    addReceipt: 'Add the receipt to see whether this file is the one it proves.',
    waiting: 'The result appears here, with each check that was made and what it proves.',
    steps: 'Steps',
    chainGroup: 'Best-chain check',
    chainQuestion: 'Is the block on the best chain?',
    chainOffer:
      "This proof was checked offline. The page can also ask {{source}}, the block lookup it came with, whether the block is on the best chain: it sends the block's hash and nothing else.",
    chainAsk: 'Check that the block is on the best chain at {{source}}',
    chainAsking: 'Asking {{source}}…',
    chainAskAgain: 'Ask {{source}} again',
    chainLocal: '{{source}} answers only on the computer or network that registered the file.',
    footOffline:
      'The same steps, sentences and verdicts as the Notarium app and {{verify}}. The best-chain and service checks need the network and are left to them. This page cannot vouch for itself: whoever sent it could have edited it. Check that its SHA-256 ({{sha256sum}}) is the one published for your Notarium version, or use a copy of your own ({{ownCopy}}).',
    footLookup:
      'The same steps, sentences and verdicts as the Notarium app and {{verify}}. The service check needs an API key and is left to them. This page cannot vouch for itself: whoever sent it could have edited it. Check that its SHA-256 ({{sha256sum}}) is the one published for your Notarium version, or use a copy of your own ({{ownCopy}}).',
    noScript: 'This page checks a file and its Notarium receipt with its own script, inside this page: allow scripts for this file to use it.',
    checkHeading: 'Check the file here',
    checkDropTitle: 'Drop the file on this certificate',
    checkDropHint: 'It is checked against the receipt inside this page, with the same steps as the Notarium app. It is read here only: nothing is uploaded.',
    checkFileInput: 'File to check',
    checkCaution:
      'This check travels inside the certificate and cannot vouch for itself: to be sure, verify the file and its receipt with a copy of Notarium of your own.',
    checkHashing: 'Computing the SHA-256 of {{name}}… {{percent}}',
    checkDigest: '{{name}}: SHA-256 {{digest}}',
  },
} as const;
