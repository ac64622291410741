/**
 * The engine's sentences in English, keyed by what says them: a verification step's sentence
 * (`steps.*`, made with its parameters where the verifier writes its English), a failed or skipped
 * step's code (`stepCodes.*`, verifier/step-codes.ts), a verdict (`verdicts.*`),
 * an error's catalogue code (`errors.*`, main/core/errors/catalogue.ts) and an error sentence with
 * parameters (`errorsWith.*`). The engine keeps writing its own English for the CLI, the logs and
 * the verifier page; these are what a page says (test/unit/preload/engine-sentences.test.ts keeps
 * them equal to the engine's English).
 */
export const engineEn = {
  stepLabels: {
    fileDigest: 'File digest',
    record: 'Record',
    aggregation: 'Batch path',
    fingerprint: 'Fingerprint',
    transaction: 'Transaction',
    merkleProof: 'Merkle proof',
    blockHeader: 'Block header',
    chain: 'Best chain',
    service: 'Service check',
  },
  stepNames: {
    fileDigest: 'file digest',
    record: 'record',
    aggregation: 'batch path',
    fingerprint: 'fingerprint',
    transaction: 'transaction',
    merkleProof: 'Merkle proof',
    blockHeader: 'block header',
    chain: 'best chain',
    service: 'service check',
  },
  steps: {
    noFile:
      "No file was supplied, so no SHA-256 was compared with the file's SHA-256 in the receipt; supply the file to check it is the one this receipt is for.",
    fileDigestPass: "The supplied file's SHA-256 equals the one in the receipt ({{sha256}}).",
    recordInBatch: 'The file is one of a batch: the registered record is the batch root, checked in the batch path step.',
    recordPass: "The registered record is the file's SHA-256, so what was registered is this file's digest.",
    noBatch: 'No aggregation: the file was registered on its own, not as one of a batch.',
    batchPass_one:
      'The file is one leaf of a batch registered together: its leaf (from its SHA-256 and its own nonce), folded along the {{count}} entry of the batch path, gives the batch root, and that root is the registered record: the one registration anchors this file.',
    batchPass_other:
      'The file is one leaf of a batch registered together: its leaf (from its SHA-256 and its own nonce), folded along the {{count}} entries of the batch path, gives the batch root, and that root is the registered record: the one registration anchors this file.',
    fingerprintPass: 'Applying the encoding ({{encode}}) to the registered record gives the published fingerprint.',
    fingerprintPassNoEncoder: 'Applying the encoding (no encoder) to the registered record gives the published fingerprint.',
    noRawTransaction:
      'The receipt holds no raw transaction, so the published fingerprint was not found on chain; the rest of the proof does not show what the transaction carries.',
    txInReceiptOwnPush:
      "The raw transaction in the receipt hashes to the registration's transaction id, and its output {{output}} carries the published fingerprint as a data push of its own.",
    txInReceiptInPush:
      "The raw transaction in the receipt hashes to the registration's transaction id, and its output {{output}} carries the published fingerprint inside a data push, beside other bytes (the service's metadata).",
    txInReceiptInScript:
      "The raw transaction in the receipt hashes to the registration's transaction id, and its output {{output}} carries the published fingerprint inside its script.",
    txInProofOwnPush:
      "The raw transaction in the Merkle proof hashes to the registration's transaction id, and its output {{output}} carries the published fingerprint as a data push of its own.",
    txInProofInPush:
      "The raw transaction in the Merkle proof hashes to the registration's transaction id, and its output {{output}} carries the published fingerprint inside a data push, beside other bytes (the service's metadata).",
    txInProofInScript:
      "The raw transaction in the Merkle proof hashes to the registration's transaction id, and its output {{output}} carries the published fingerprint inside its script.",
    noMerkleProof: 'No confirmation yet: the transaction is not in a block, so there is no Merkle proof.',
    merkleProofPass_one: 'Folding the {{count}} node from index {{index}} gives Merkle root {{root}}.',
    merkleProofPass_other: 'Folding the {{count}} nodes from index {{index}} gives Merkle root {{root}}.',
    noBlock: 'No confirmation yet: there is no block to check.',
    noHeaderRootTarget:
      'The receipt holds no block header (its Merkle proof targets the Merkle root, and it has no header beside it), so the Merkle root was not tied to the block and its proof of work was not checked.',
    noHeaderHashTarget:
      'The receipt holds no block header (its Merkle proof targets the block hash, and it has no header beside it), so the Merkle root was not tied to the block and its proof of work was not checked.',
    headerNetworkUnknown:
      "The header of block {{block}} holds the proof's Merkle root and its hash meets the target of its own bits ({{bits}}), but its proof of work could not be judged: the network label {{label}} is not mainnet, testnet, stn, regtest or sandbox, so no limit says how hard its blocks must be.",
    headerPass:
      "The header of block {{block}} (time {{time}}) holds the proof's Merkle root and its hash meets the target of its bits ({{bits}}), within the {{network}} limit.",
    headerPassFloor:
      "The header of block {{block}} (time {{time}}) holds the proof's Merkle root and its hash meets the target of its bits ({{bits}}), within the {{network}} limit and its work floor (difficulty 2^30 (about 1.07 billion)).",
    headerPassTestChain:
      "The header of block {{block}} (time {{time}}) holds the proof's Merkle root and its hash meets the target of its bits ({{bits}}), within the {{network}} limit. {{chain}} is a test chain: anyone can mine a block there on an ordinary computer, so this proof of work proves nothing.",
    noBlockOnChain: 'No confirmation yet: there is no block to look for on the chain.',
    chainOffline: 'Needs the network: a block explorer is asked whether the block is on the best chain, which an offline verification does not do.',
    chainPass_one: 'Block {{block}} is on the best chain at height {{height}} with {{count}} confirmation, according to {{source}} at {{at}}.',
    chainPass_other: 'Block {{block}} is on the best chain at height {{height}} with {{count}} confirmations, according to {{source}} at {{at}}.',
    chainPassNoHeight_one: 'Block {{block}} is on the best chain with {{count}} confirmation, according to {{source}} at {{at}}.',
    chainPassNoHeight_other: 'Block {{block}} is on the best chain with {{count}} confirmations, according to {{source}} at {{at}}.',
    serviceOffline:
      "Needs the network and an API key: the service's match endpoint is asked whether it still holds this record, which an offline verification does not do.",
    servicePass: 'The service (profile "{{profile}}") confirms that the record matches transaction {{txId}}.',
    notRun: 'Not run: the {{step}} step failed.',
  },
  verdicts: {
    verified: "Verified: the file's fingerprint is in transaction {{txId}}, in block {{block}}.",
    verifiedTestChain:
      "Verified on {{network}}, a test chain: the file's fingerprint is in transaction {{txId}}, in block {{block}}. A {{network}} block's proof of work proves nothing (anyone can mine a block there on an ordinary computer), so this is not a proof on mainnet.",
    failedAt: 'Verification failed at the {{step}} step.',
    notVerifiable: 'The receipt could not be verified: something in it could not be read.',
    pending:
      'The registration is not confirmed yet: its transaction is not in a block, so nothing anchors the file in time; refresh the receipt once the service reports a confirmation.',
    partial_one: 'Partially verified, not verified: no check failed, but {{steps}} could not be checked.',
    partial_other: 'Partially verified, not verified: no check failed, but {{steps}} could not be checked.',
    networkUnknown: "The network label {{label}} is not one Notarium knows, so no block's proof of work can be judged for it.",
    partialDisowned: 'Partially verified, not verified: every offline check passed, but the service that made this receipt does not know it.',
    disownedToo: 'The service that made this receipt does not know it either.',
    partialServiceNotMade: 'Partially verified, not verified: every offline check passed, but the service check that was asked for could not be made.',
    serviceNotMadeEither: 'The service check that was asked for could not be made either.',
    partialChainNotMade: 'Partially verified, not verified: every offline check passed, but the best-chain check that was asked for could not be made.',
    importedPendingHeld:
      "Partially verified, not verified: the library holds this registration as an imported receipt that was pending when it was imported (its service's evidence has not verified it fully since; Notarium did not register it). Every check of the evidence it holds passed.",
    importedPartial:
      'Partially verified, not verified: the library holds this registration as an imported receipt that was only partially verified when it was imported (its receipt lacked evidence to check all it claims; Notarium did not register it). Every check of the evidence it holds passed.',
    importedPartialTestChain:
      'Partially verified, not verified: the library holds this registration as an imported receipt that was only partially verified when it was imported (on a test chain anyone can mine a header, and no service of the library confirmed its txId; Notarium did not register it). Every check of the evidence it holds passed.',
    noRegistration: 'No receipt is next to this file and the library has no registration of its content.',
    notInBlock: 'Registered ({{txId}}) but not in a block.',
    notInBlockAsked: 'Registered ({{txId}}) but not in a block when last asked, at {{at}}.',
    batchNotInBlock: "Registered as one of a batch's files ({{txId}}) but not in a block.",
    batchNotInBlockAsked: "Registered as one of a batch's files ({{txId}}) but not in a block when last asked, at {{at}}.",
    filesNotInBlock_one: 'Registered as one of {{count}} files ({{txId}}) but not in a block.',
    filesNotInBlock_other: 'Registered as one of {{count}} files ({{txId}}) but not in a block.',
    filesNotInBlockAsked_one: 'Registered as one of {{count}} files ({{txId}}) but not in a block when last asked, at {{at}}.',
    filesNotInBlockAsked_other: 'Registered as one of {{count}} files ({{txId}}) but not in a block when last asked, at {{at}}.',
    provesFileHeader: 'This file existed no later than block {{block}}, whose header time is {{time}} (header times are accurate to about two hours).',
    provesFileHeaderIf:
      'Provided the points left unproven hold, this file existed no later than block {{block}}, whose header time is {{time}} (header times are accurate to about two hours).',
    provesDigestHeader:
      'The file whose SHA-256 is {{sha256}} existed no later than block {{block}}, whose header time is {{time}} (header times are accurate to about two hours).',
    provesDigestHeaderIf:
      'Provided the points left unproven hold, the file whose SHA-256 is {{sha256}} existed no later than block {{block}}, whose header time is {{time}} (header times are accurate to about two hours).',
    provesFileReported:
      'This file existed no later than block {{block}}, whose time the service reported as {{time}} (unchecked: the receipt holds no block header).',
    provesFileReportedIf:
      'Provided the points left unproven hold, this file existed no later than block {{block}}, whose time the service reported as {{time}} (unchecked: the receipt holds no block header).',
    provesDigestReported:
      'The file whose SHA-256 is {{sha256}} existed no later than block {{block}}, whose time the service reported as {{time}} (unchecked: the receipt holds no block header).',
    provesDigestReportedIf:
      'Provided the points left unproven hold, the file whose SHA-256 is {{sha256}} existed no later than block {{block}}, whose time the service reported as {{time}} (unchecked: the receipt holds no block header).',
    testChainProvesNothing:
      'But {{network}} is a test chain: anyone can mine a block there on an ordinary computer, so its proof of work proves nothing, and this is not a proof on mainnet.',
    explorerAnswered_one: '{{source}} answered at {{at}} that the block is on its best chain, at height {{height}} with {{count}} confirmation.',
    explorerAnswered_other: '{{source}} answered at {{at}} that the block is on its best chain, at height {{height}} with {{count}} confirmations.',
    restsOnExplorer:
      "That the block is on the heaviest chain of the {{network}} network rests on a block explorer's word; any other explorer for that network, or a header chain you trust, can confirm it.",
    restsOnExplorerUnknown:
      "That the block is on the heaviest chain of the network the receipt calls {{label}} rests on a block explorer's word; any other explorer for that network, or a header chain you trust, can confirm it.",
    notHeaviest:
      'This does not prove that the block is on the heaviest chain of the {{network}} network: check that with any block explorer for that network, or against a header chain you trust.',
    notHeaviestUnknown:
      'This does not prove that the block is on the heaviest chain of the network the receipt calls {{label}}: check that with any block explorer for that network, or against a header chain you trust.',
    unprovenFile: 'That a particular file is the one described: no file was supplied, so its SHA-256 was not compared with {{sha256}}.',
    unprovenTransaction:
      "That transaction {{txId}} carries this fingerprint: the receipt holds no raw transaction; fetch it from any block explorer and check that an output's script holds the bytes {{bytes}}.",
    unprovenWork:
      "That block {{block}} took any work to make: the receipt's network label {{label}} is not mainnet, testnet, stn, regtest or sandbox, so its proof of work could not be judged, and a block anyone can mine in a moment proves nothing.",
    unprovenHeader:
      "That transaction {{txId}} is in block {{block}}, and the block's time and proof of work: the receipt holds no block header; fetch that block's header from any block explorer.",
    unprovenHeaderNetwork: 'Even then, its network label {{label}} is not one Notarium knows, so its proof of work could not be judged.',
    unprovenStep: 'The {{step}} step was skipped.',
    unprovenDisowned: 'That the service that made this receipt registered it.',
    unprovenServiceAsked: 'That the service that made this receipt still holds this registration, as was asked.',
    unprovenChainAsked: 'That the block is on the best chain, as was asked.',
    unprovenImportedPending:
      "That the registration is the one its imported receipt claims: it was pending when it was imported, and its service's evidence has not verified it fully since.",
    unprovenImported: 'That the registration is the one its imported receipt claims: its receipt lacked evidence to check all it claims.',
    unprovenImportedTestChain:
      'That the registration is the one its imported receipt claims: on a test chain anyone can mine a header, and no service of the library confirmed its txId.',
  },
  stepCodes: {
    'file-digest-malformed': "The receipt's file digest is not a SHA-256 digest.",
    'file-digest-mismatch': "The file's SHA-256 digest is not the one the receipt holds.",
    'record-not-file-digest': "The registered record is not the file's digest.",
    'aggregation-root-mismatch': "The batch's Merkle path from the file does not lead to the root the receipt names.",
    'aggregation-root-not-record': "The batch's root is not the record that was registered.",
    'encode-invalid': "The receipt's encoding (how the record was turned into published bytes) cannot be read.",
    'salt-not-in-encode': "The receipt's salt is not the one its encoding names.",
    'published-mismatch': 'Encoding the record does not give the bytes the receipt says were published.',
    'txid-mismatch': "The receipt's raw transaction does not hash to its txId.",
    'fingerprint-not-in-transaction': 'The published bytes are not in the transaction the receipt names.',
    'transaction-truncated': "The receipt's raw transaction ends too early.",
    'transaction-non-canonical': "The receipt's raw transaction is written in a non-standard way no node would accept.",
    'transaction-no-inputs': "The receipt's raw transaction has no inputs, which no real transaction lacks.",
    'transaction-trailing-bytes': "The receipt's raw transaction has extra bytes after its end.",
    'transaction-coinbase': "The receipt's transaction is a block's coinbase, which cannot hold a record.",
    'proof-kind-unsupported': "The receipt's Merkle proof is of a kind Notarium does not read.",
    'proof-target-type-unknown': "The Merkle proof's target is neither a block hash, a header nor a Merkle root.",
    'proof-txid-malformed': "The Merkle proof's transaction id is not 64 hexadecimal characters.",
    'proof-txid-mismatch': 'The Merkle proof is for another transaction than the receipt names.',
    'proof-index-invalid': "The Merkle proof's position in the block is not a valid number for its path.",
    'proof-index-coinbase': "The Merkle proof puts the transaction first in its block, the coinbase's place.",
    'proof-node-invalid': 'A node of the Merkle proof is not a 32-byte hash.',
    'proof-too-deep': 'The Merkle proof is longer than any block could need.',
    'merkle-root-mismatch': "The Merkle proof does not lead to the block's Merkle root.",
    'proof-target-not-block-hash': "The Merkle proof's target is not the hash of the block the receipt names.",
    'header-conflict': 'The receipt names two different blocks: its block header and the header its proof targets differ.',
    'header-malformed': "The receipt's block header is not 80 bytes of hexadecimal.",
    'block-hash-mismatch': 'The block header does not hash to the block hash the receipt names.',
    'header-bits-negative': "The block header's difficulty encodes a negative target, which no block has.",
    'header-bits-overflow': "The block header's difficulty encodes a target too large to be real.",
    'header-bits-zero': "The block header's difficulty encodes a zero target, which no hash can meet.",
    'hash-above-target': "The block's hash does not meet its own difficulty: no one mined this header.",
    'target-above-network-limit': "The block's difficulty is easier than its network allows.",
    'work-below-floor': "The block's difficulty is far easier than any real block of its network: a header anyone could make.",
    'block-unknown-to-explorer': "The block lookup does not know the receipt's block.",
    'block-not-on-best-chain': "The receipt's block is known but no longer on the chain everyone builds on.",
    'service-mismatch': 'The service says this record does not match the transaction it wrote.',
    'unknown-to-maker': 'The service that made the receipt does not know its transaction, though the receipt says it is in a block.',
    'step-error': 'The receipt held something this step could not process at all.',
    'no-file': 'No file was given, so the receipt was checked but not against a file.',
    'no-raw-transaction': 'The receipt holds no raw transaction, so the published bytes were not found in it.',
    'not-confirmed': 'The record was not in a block when the receipt was written.',
    'no-block-header': "The receipt holds no block header, so the block's proof of work was not checked.",
    'network-unknown': "The receipt names a network Notarium does not know, so its block's proof of work was not judged.",
    offline: 'An online step was not asked: verification was offline.',
    'no-block-lookup': "No block lookup (explorer) is known for the receipt's service, so the block was not looked up.",
    'explorer-unreachable': 'The block lookup could not be reached.',
    'explorer-answer-invalid': 'The block lookup answered with something no block lookup says.',
    'block-unknown-to-lookup': "The block lookup does not know the receipt's block (it may be on another network).",
    'no-profile-for-service': 'No profile reaches the service that made the receipt, so the service was not asked.',
    'unknown-to-other-service': 'The service asked does not know the transaction, but it did not make the receipt, so that says nothing.',
    'not-known-yet': 'The service does not know the transaction yet: it may still be publishing it.',
    'feature-unavailable': "The service's configuration does not offer the check this step asks.",
    'service-unreachable': 'The service could not be reached.',
  },
} as const;

/** The error catalogue's sentences, by code: apart, so that the verifier page, which says none of them, does not carry them. */
export const engineErrorsEn = {
  errors: {
    TX_ID_PARAM_INVALID: 'That is not a valid transaction id: expected 64 hexadecimal characters. Check the txId you gave.',
    TX_HASH_PARM_INVALID: 'That is not a valid transaction hash: expected 64 hexadecimal characters. Check the hash you gave.',
    TX_NOT_AN_EVENT_TRANSACTION:
      'That transaction exists but is not a record of this service: check the txId, and that the profile names the service that wrote it.',
    TX_CONTENT_TYPE_NOT_SUPPORTED: "That record was written by a newer version of the service and cannot be read by this one: ask the service's provider.",
    TX_INCORRECT_EVENT_TRANSACTION_TYPE:
      "That transaction is a plain record, not a linked record (a document version): use it as a record, or name a document's version.",
    INCORRECT_EVENT_TRANSACTION_TYPE:
      'The service refused the request as the wrong kind for this transaction: a finalisation takes no content, and a plain record has no versions. Check which document you named.',
    TX_NOT_LINKABLE:
      'That record cannot take a new version: it is a plain record, or its document is finalised. Start a new document for the file (notarise --document).',
    NOT_LINKED_RECORDS_END:
      'Only the latest version of a document can be updated or finalised, and this is not the latest: name the latest version (notarium versions shows them).',
    UPDATE_TOKEN_PARAM_INVALID:
      "The document's update token was refused; the document may have been changed from elsewhere. Look at its versions (notarium versions), then try again.",
    CONTENT_LENGTH_LIMIT_EXCEEDED: "The record is larger than the service accepts: check the profile's encoding, or ask the service's provider for its limit.",
    CONTENT_BAD_ENCODER: 'The service does not allow this encoder; choose another encoding in the profile settings.',
    CONTENT_ENCODER_ARGUMENT_MISSING: 'The service requires a salt for this encoder: choose an encoding with a salt in the profile settings.',
    ENCODE_PARAM_INVALID: 'The encoding specification was refused by the service: choose another encoding in the profile settings.',
    UNKNOWN_ENCODER: 'The service does not know this encoder: choose another encoding in the profile settings.',
    ENCODER_SHA256_MISSING: 'The service requires a SHA256 step in the encoding: choose an encoding with one in the profile settings.',
    CONTENT_IS_REQUIRED: "The service requires a record body, and none was sent: try again, and if it happens again, report it to Notarium's maintainers.",
    LINKS_PARAM_INVALID: 'The number of links to navigate is out of the range the service allows: ask for fewer versions at once.',
    INVALID_NAVIGATION_TRANSACTION_TYPE: 'That transaction is not a linked record, so it has no versions to navigate: name a version of a document.',
    PREV_TX_ID_PARAM_MISSING:
      "This version follows another one: the service needs the previous version's id to verify it, or to finalise after it. Try again, and if it happens again, report it to Notarium's maintainers.",
    PREVIOUS_RECORD_NOT_MINED:
      'The service takes a new version (or a finalisation) only once the version it follows is in a block, and that one is not yet: wait for its block (about 10 minutes on BSV), then try again.',
    INVALID_GRANT: 'The sign-in could not be completed: the code or token was refused. Sign in again.',
    INVALID_REQUEST: "The request was malformed: try again, and if it happens again, report it to Notarium's maintainers.",
    INVALID_JSON: "The request was malformed: try again, and if it happens again, report it to Notarium's maintainers.",
    UNAUTHORIZED: 'The service refused the API key or sign-in: check the API key in the profile settings, or sign in again.',
    FEATURE_UNAVAILABLE:
      "This service's configuration does not offer this feature (linked records, verify or navigate): ask the service's provider to enable it, or use a profile whose service offers it.",
    BEING_SENT:
      'Another Notarium process (the app, or another command) is sending this registration right now: it is left to it, and its outcome shows in the library when its send ends.',
    WATCHED_ELSEWHERE:
      "Another Notarium process (the app, or notarium watch) is already watching this library's folders, and two watchers would register a new file twice: the watching is left to it.",
    WRITE_IN_DOUBT:
      "A version's answer was lost and the chain does not show it yet: it may still be on its way, so it is not sent again before its resubmission time has passed.",
    TXID_MISSING:
      'The service accepted the request but did not say which transaction it wrote: the record stays in doubt, and is not sent again before the chain has been read to find it.',
    ENCODING_MISMATCH:
      "The service published other bytes than Notarium computed, so receipts from this service would not verify. What it registered stays registered, but Notarium sends nothing more to it in this session: check the profile's service URL, and ask the service's provider whether it applies encode as documented (SHA-256 of the salt's ASCII bytes followed by the record).",
    NOT_FOUND:
      'The service does not know this transaction (yet): it may still be publishing, or it was rejected. Wait a few minutes and ask again (notarium status).',
    RATE_LIMITED: 'The service is busy and asked to slow down; Notarium retries shortly.',
    SERVICE_UNAVAILABLE: 'The service is unavailable right now: try again later.',
    SERVICE_ERROR:
      "The service refused the request for a reason Notarium does not know (the message names it): try again later, or ask the service's provider.",
    NETWORK: 'The service could not be reached: check the network connection and the profile URL.',
    TIMEOUT: 'The service did not answer in time: try again, and check the network connection if it happens again.',
    BAD_RESPONSE: "The service answered with something Notarium does not understand: check the profile's service URL, then try again later.",
    REDIRECT_REFUSED:
      "The service redirected the request to another origin, which Notarium does not follow: nothing was sent there, and nothing from there was taken for the service's answer. Check the address in the profile.",
    CANCELLED: 'Cancelled before it finished, so nothing more was done: start it again to have it done.',
    CLOSING: 'Notarium is closing, so it took nothing more: open it again to go on.',
    FILE_UNREADABLE: 'The file could not be read: check that it exists and that you may read it, then try again.',
    FILE_UNWRITABLE: 'The file could not be written there: choose another place (with -o on the command line).',
    RECEIPT_INVALID: 'This is not a valid Notarium receipt: check that you chose the .receipt.json file, or ask its sender for it again.',
    NETWORK_MISMATCH:
      "The profile's network and the chain its service writes to disagree, so no receipt was written: set the profile's network (notarium profile add <name> --network <label>, or in Settings), and the receipt is written then.",
    KEYCHAIN_UNAVAILABLE:
      'The system keychain is not available, so the secret cannot be stored: unlock or install a keychain (Secret Service, Keychain, Credential Manager) and try again.',
    NO_API_KEY: 'This profile has no API key: set one with "notarium key set" or in the app\'s settings.',
    SERVICE_CHANGED:
      "This registration was made for another service than its profile reaches now, so it was not sent: it goes only to the service it was made for. Set the profile's service URL back, or remove the registration.",
    PROFILE_NOT_FOUND: 'There is no profile with that name: notarium profile list shows the names.',
    PROFILE_IN_USE: 'That profile still has records in the library, and they keep it: remove those records first, or keep the profile.',
    SANDBOX_PROFILE_FIXED: 'The Sandbox profile is built in: it cannot be renamed, removed or given an API key; add a service profile for that.',
    INVALID_SETTING: 'A setting has a value Notarium cannot use: the message names the setting and what it takes. Set it again to a value it takes.',
    INVALID_ARGUMENT: 'A value given to Notarium cannot be used: the message says which, and why. Check the value (--help lists what each command takes).',
    NOT_IN_LIBRARY: 'The library has no such registration, document or watched folder: notarise the file first, or import its receipt.',
    NOT_A_DOCUMENT: 'That is not a document with a registered version to follow: notarise the file with --document to start one.',
    ALREADY_A_VERSION: 'That content is already a version of this document: nothing to do, it is registered.',
    ALREADY_REGISTERED:
      'That content is already registered as a record, which cannot take versions, so no document was started: a document starts with a registration of its own (notarium notarise --document --again).',
    AMBIGUOUS_DOCUMENT: 'Several documents could be meant: name the document by the txId of one of its versions.',
    NAME_TOO_LONG:
      "The file's name is too long for its receipt's name to stay within the file system's limit, so it was not registered: rename the file, then notarise it again.",
    NO_RECEIPT:
      'This registration has no receipt of its own: it holds no file (it finalises a document), or the service has not accepted it yet. Wait for it to be accepted, or export the receipt of a version.',
    LOCATION_UNKNOWN: 'Notarium does not know where this file is: name where to write (with -o on the command line).',
    NO_EXPLORER_PAGE: 'This profile names no explorer page: add one (a URL with {txId}) in its settings.',
    WATCHED_CHAIN:
      "That document is a watched folder's chain: its versions are the folder's rounds, so it takes no other file as a version, and it is finalised by removing the folder (stop watching it first).",
    WATCH_OVERLAP:
      'That folder is already watched, or lies inside or around a watched folder: a file would be watched twice. Choose a folder outside the watched ones, or remove the one it overlaps.',
    JOB_ID_IN_USE: 'A job with this id is already running: make a new id (a random UUID) for each job.',
    BAD_CALL:
      "The call was refused: its name or its arguments are not what Notarium takes. Reload the page; if it happens again, report it to Notarium's maintainers.",
    NOT_IN_THIS_SHELL:
      'This window cannot take that: the desktop app takes files and folders by their path, the browser takes files dropped or chosen. Drop or choose the file instead.',
    UPLOAD_EXPIRED: 'That dropped file is no longer held by Notarium: drop it again.',
    NO_BROWSER: 'Notarium could not open a browser on this machine: open the address it gives yourself.',
    URL_REFUSED:
      "Notarium opens in the browser only the http or https pages it expects: a sign-in page, or the explorer page a profile names. Check the profile's addresses.",
    APP_UNAVAILABLE: 'The desktop app cannot start here: "notarium app --web" opens the app in the browser instead.',
    FORBIDDEN: 'This page may not call Notarium: open the app from the address Notarium gives (notarium app), not from another page.',
    UNAVAILABLE: 'Notarium is not reachable from this page: check that the app is still running, then reload the page.',
    SESSION_ENDED: "This page's session with Notarium has ended: open the app again.",
    UPLOAD_FAILED: 'Notarium could not receive the dropped file: check that the app is still running, then drop it again.',
    UPLOAD_REFUSED:
      'Notarium did not take the dropped file: it is larger than the browser version takes, or too many dropped files are held at once. Use the desktop app or notarium notarise for a large file, or drop fewer at once.',
    STORE_ERROR: 'The local library could not be read or written: check that the disk has space and the data folder is writable, then try again.',
    FILE_MANAGER_UNWRITABLE:
      "Notarium could not change the file manager's settings: a folder or file it needs is not writable. Make it writable, then try again.",
    FILE_MANAGER_CONFLICT: 'A file Notarium did not write is where its file-manager entry goes, so it was left alone: rename or remove it, then try again.',
    THUNAR_ACTIONS_MALFORMED:
      "Thunar's custom actions file (uca.xml) is not valid XML, so Notarium left it unchanged: repair it (or remove it to start afresh), then try again.",
    NOT_BUILT:
      'This copy of Notarium is not completely built: a part it needs is missing (the message names it). In a clone, run "npm run build" in it, then try again; an installed Notarium that says this needs installing again.',
    INTERNAL: 'Notarium could not complete this because of an error of its own: try again, and if it happens again, quit Notarium and open it again.',
    SIGN_IN_CANCELLED: 'Sign-in was cancelled in the browser: sign in again when you are ready.',
    SIGN_IN_FAILED: "Sign-in did not complete: the identity portal returned an error. Sign in again; if it fails again, check the profile's identity settings.",
    SIGN_IN_TIMEOUT: 'Sign-in timed out: the browser did not come back to Notarium in time. Start it again.',
    SIGN_IN_NOT_CONFIGURED: 'This profile has no identity service: set its auth URL, identity env id and client id first.',
    TOKEN_INVALID:
      "The identity portal returned a token that does not verify, so it was refused: sign in again, and if it happens again, check the profile's identity settings.",
    SIGNED_OUT: 'You are signed out: sign in again.',
    PDF_UNAVAILABLE:
      'Printing to PDF needs Chromium, Google Chrome or Microsoft Edge, and none was found: install one (or set NOTARIUM_CHROMIUM to its path), or save the HTML certificate and print it to PDF from your browser.',
    PDF_FAILED: 'The certificate could not be printed to PDF: save the HTML certificate and print it from your browser instead.',
    PDF_TIMEOUT: 'Printing the certificate to PDF took too long: save the HTML certificate and print it from your browser instead.',
  },
} as const;

/** Error sentences with parameters; the verifier page says one (a receipt it cannot read). */
export const engineErrorsWithEn = {
  errorsWith: {
    alreadyWatched: '{{path}} is already watched.',
    watchOverlap: '{{path}} overlaps the watched folder {{other}}: a file would be watched twice.',
    fileMissing: 'The file "{{path}}" could not be read: it does not exist (it may have been moved or deleted).',
    fileIsFolder: 'The file "{{path}}" could not be read: it is a folder, not a file.',
    fileDenied: 'The file "{{path}}" could not be read: permission denied: this user is not allowed to read it.',
    fileNotRegular: 'The file "{{path}}" could not be read: it is not a regular file but a device, a pipe or a socket, and Notarium reads only regular files.',
    notAReceipt: '{{name}} is not a valid Notarium receipt: check that you chose the .receipt.json file, or ask its sender for it again.',
    serviceRefusedCode: 'The service refused the request ({{errorCode}}).',
    serviceRefusedStatus: 'The service refused the request (HTTP {{status}}).',
  },
} as const;
