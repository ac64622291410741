/**
 * The printable certificate's words (main/core/app/certificate.ts), spread into each language's
 * messages. A parameter is a value the certificate fills in as it is (a hash, a command, a name, a
 * step's label), already marked up; the words around it are the message's. The engine's sentences
 * the certificate quotes (its verdict, its steps) are the engine's messages, not these.
 */
export const certificateEn = {
  certificate: {
    title: 'Certificate of registration — {{name}}',
    heading: 'Certificate of registration',
    /** Not shown in English, the source: a French or German certificate says it has an English original. */
    inLanguage: 'This certificate is in English. Notarium makes the same certificate in French and German from the same receipt.',
    testMark: 'TEST — {{label}} chain: not a proof on mainnet',
    issued: 'Issued by Notarium on {{date}} for the {{network}} network.',
    importedVerified:
      'Its receipt, dated {{date}} by whoever issued it, is for the {{network}} network. Imported from a receipt that was verified when it was imported; Notarium did not register it.',
    importedPartial:
      'Its receipt, dated {{date}} by whoever issued it, is for the {{network}} network. Imported from a receipt that was partially verified when it was imported; Notarium did not register it.',
    importedPending:
      'Its receipt, dated {{date}} by whoever issued it, is for the {{network}} network. Imported from a receipt that was pending when it was imported; Notarium did not register it.',
    verified: 'Verified',
    verifiedTestChain: 'Verified on {{network}}, a test chain: its proof of work proves nothing',
    pending: 'Pending: not in a block yet',
    partial: 'Partially verified, not verified',
    notProven: 'Not proven here:',
    qrLabel: 'QR code of the explorer link',
    qrCaption: 'Scan to see the transaction in an explorer',
    file: 'File',
    size: 'Size',
    bytes_one: '{{count}} byte',
    bytes_other: '{{count}} bytes',
    sha256: 'SHA-256',
    fingerprint: 'Fingerprint',
    transaction: 'Transaction',
    batch: 'Batch',
    block: 'Block',
    blockTime: 'Block time',
    confirmations: 'Confirmations',
    confirmationsClaimed: '{{confirmations}}, as its imported receipt claims (not verified)',
    explorer: 'Explorer',
    noLinkSimulated:
      'No public link: the sandbox chain is simulated by the Notarium sandbox that registered this file, and no public explorer shows it. The receipt file holds the proof.',
    noLinkPrivate:
      "No public link: the profile's explorer, at {{host}}, answers only on the computer or network that registered this file. The receipt file holds the proof.",
    batchFile: 'File {{position}} of {{files}} anchored together by registration {{txId}} (batch {{id}}); no other file is named here.',
    batchFileNotSent: 'File {{position}} of {{files}} anchored together by a registration not sent yet (batch {{id}}); no other file is named here.',
    batchImported:
      "One of a batch's files anchored together by registration {{txId}} (batch {{id}}, known from its files' receipts); no other file is named here.",
    batchImportedNotSent:
      "One of a batch's files anchored together by a registration not sent yet (batch {{id}}, known from its files' receipts); no other file is named here.",
    heldPartialLacking:
      'The check below reads the receipt alone. Notarium holds it as imported evidence, partially verified: its receipt lacked evidence to check all it claims.',
    heldPartialTestChain:
      'The check below reads the receipt alone. Notarium holds it as imported evidence, partially verified: on a test chain anyone can mine a header, and no service of the library confirmed its txId.',
    heldPartialWasPending:
      "The check below reads the receipt alone. Notarium holds it as imported evidence, partially verified: it was pending when it was imported, and its service's evidence has not verified it fully since.",
    heldPendingLacking:
      'The check below reads the receipt alone. Notarium holds it as imported evidence, pending: its receipt lacked evidence to check all it claims.',
    heldPendingTestChain:
      'The check below reads the receipt alone. Notarium holds it as imported evidence, pending: on a test chain anyone can mine a header, and no service of the library confirmed its txId.',
    heldPendingWasPending:
      "The check below reads the receipt alone. Notarium holds it as imported evidence, pending: it was pending when it was imported, and its service's evidence has not verified it fully since.",
    checked: 'What was checked',
    stepPassed: '{{label}} — passed: {{detail}}',
    stepFailed: '{{label}} — FAILED: {{detail}}',
    stepSkipped: '{{label}} — not checked here: {{detail}}',
    unaskedChain:
      '{{label}} — not checked here: it asks over the network (a block explorer, whether the block is on the best chain), as Notarium does when it verifies online.',
    unaskedService:
      '{{label}} — not checked here: it asks over the network (the service, whether it still holds this record), as Notarium does when it verifies online.',
    unaskedBoth:
      '{{labels}} — not checked here: they ask over the network (a block explorer, whether the block is on the best chain; the service, whether it still holds this record), as Notarium does when it verifies online.',
    byHand: 'How to check it by hand',
    handDigest:
      'Compute the SHA-256 of the file; it must be {{sha256}}. To compute it: in a terminal on Linux or macOS (a POSIX shell: sh, bash, zsh), {{sha256sum}} (on macOS without coreutils, {{shasum}}); in Windows PowerShell, {{powershell}}, which prints it in capitals.',
    handUntypeable:
      'Its name holds characters that cannot be shown or copied as they are (above, as {{escapes}} escapes): type it in place of {{placeholder}}, for example with the Tab key.',
    handBatch_one:
      "It was registered in a batch: its leaf is the SHA-256 of the byte {{zero}}, its 32 bytes and its nonce {{nonce}}; folded along the receipt's batch path ({{count}} entry, each the SHA-256 of {{one}}, left, right) it must give the batch root {{root}}, the registered record.",
    handBatch_other:
      "It was registered in a batch: its leaf is the SHA-256 of the byte {{zero}}, its 32 bytes and its nonce {{nonce}}; folded along the receipt's batch path ({{count}} entries, each the SHA-256 of {{one}}, left, right) it must give the batch root {{root}}, the registered record.",
    handSalt: 'Prepend the salt {{salt}} (as ASCII) to those 32 bytes and hash again with SHA-256: the result must be {{published}}.',
    handSaltBatch: "Prepend the salt {{salt}} (as ASCII) to the batch root's 32 bytes and hash again with SHA-256: the result must be {{published}}.",
    handExplorer:
      "Find transaction {{txId}} in any explorer of the {{network}} network and check that the script of one of its outputs holds those bytes, whole and in order (usually as data after {{opReturn}}, possibly beside the service's own data).",
    handSimulated:
      "Transaction {{txId}} is on a simulated chain that no public explorer shows: the receipt file holds it whole (its {{field}} field, whose double SHA-256, byte-reversed, is that id). Check that the script of one of its outputs holds those bytes, whole and in order (usually as data after {{opReturn}}, possibly beside the service's own data).",
    handBlock:
      'Check that the transaction is in block {{block}} of the heaviest chain. The Merkle proof in the receipt file lets you do this without trusting the explorer.',
    receiptHolds: 'The receipt file {{receipt}} holds everything needed to verify this offline, with Notarium or by hand.',
  },
} as const;
