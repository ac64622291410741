/**
 * The one catalogue of sentences for people, one per code. Service errorCodes (record-service.md
 * and service-notes.md) keep their names, and the troubleshooting page's other spellings of them
 * are read as the same code (SPELLINGS); Notarium's own codes name client-side failures, one code
 * per cause a program would branch on. A thrown message may say more than its code's sentence.
 */
const SERVICE_SENTENCES = {
  // The record service's codes.
  TX_ID_PARAM_INVALID: 'That is not a valid transaction id: expected 64 hexadecimal characters. Check the txId you gave.',
  TX_HASH_PARM_INVALID: 'That is not a valid transaction hash: expected 64 hexadecimal characters. Check the hash you gave.',
  TX_NOT_AN_EVENT_TRANSACTION:
    'That transaction exists but is not a record of this service: check the txId, and that the profile names the service that wrote it.',
  TX_CONTENT_TYPE_NOT_SUPPORTED: "That record was written by a newer version of the service and cannot be read by this one: ask the service's provider.",
  TX_INCORRECT_EVENT_TRANSACTION_TYPE:
    "That transaction is a plain record, not a linked record (a document version): use it as a record, or name a document's version.",
  // The troubleshooting page's code for a delete sent with content; the API reference's
  // TX_INCORRECT_EVENT_TRANSACTION_TYPE is about reading, so this spelling has its own sentence.
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
  // The sandbox's own (sandbox/records/lifecycle.ts): the real service calls it undefined behaviour (service-notes.md: Timing and life-cycle rules).
  PREVIOUS_RECORD_NOT_MINED:
    'The service takes a new version (or a finalisation) only once the version it follows is in a block, and that one is not yet: wait for its block (about 10 minutes on BSV), then try again.',
  // The identity service's codes.
  INVALID_GRANT: 'The sign-in could not be completed: the code or token was refused. Sign in again.',
  INVALID_REQUEST: "The request was malformed: try again, and if it happens again, report it to Notarium's maintainers.",
  INVALID_JSON: "The request was malformed: try again, and if it happens again, report it to Notarium's maintainers.",
  // Sent by the identity service as an errorCode, and said of any 401 or 403.
  UNAUTHORIZED: 'The service refused the API key or sign-in: check the API key in the profile settings, or sign in again.',
} as const;

const NOTARIUM_SENTENCES = {
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
  // A 404 from the service; the library's own "no such thing" is NOT_IN_LIBRARY.
  NOT_FOUND:
    'The service does not know this transaction (yet): it may still be publishing, or it was rejected. Wait a few minutes and ask again (notarium status).',
  RATE_LIMITED: 'The service is busy and asked to slow down; Notarium retries shortly.',
  SERVICE_UNAVAILABLE: 'The service is unavailable right now: try again later.',
  SERVICE_ERROR: "The service refused the request for a reason Notarium does not know (the message names it): try again later, or ask the service's provider.",
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
  // Made on the page's side of a transport (preload/), or by the shell refusing a page.
  FORBIDDEN: 'This page may not call Notarium: open the app from the address Notarium gives (notarium app), not from another page.',
  UNAVAILABLE: 'Notarium is not reachable from this page: check that the app is still running, then reload the page.',
  SESSION_ENDED: "This page's session with Notarium has ended: open the app again.",
  UPLOAD_FAILED: 'Notarium could not receive the dropped file: check that the app is still running, then drop it again.',
  // The web shell's limits (main/web/upload-store.ts): the message says which, and what to do.
  UPLOAD_REFUSED:
    'Notarium did not take the dropped file: it is larger than the browser version takes, or too many dropped files are held at once. Use the desktop app or notarium notarise for a large file, or drop fewer at once.',
  STORE_ERROR: 'The local library could not be read or written: check that the disk has space and the data folder is writable, then try again.',
  FILE_MANAGER_UNWRITABLE:
    "Notarium could not change the file manager's settings: a folder or file it needs is not writable. Make it writable, then try again.",
  FILE_MANAGER_CONFLICT: 'A file Notarium did not write is where its file-manager entry goes, so it was left alone: rename or remove it, then try again.',
  THUNAR_ACTIONS_MALFORMED:
    "Thunar's custom actions file (uca.xml) is not valid XML, so Notarium left it unchanged: repair it (or remove it to start afresh), then try again.",
  // A clone used before `npm run build` (or with a build older than its sources): a setup step, not a fault.
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
} as const;

const SENTENCES = { ...SERVICE_SENTENCES, ...NOTARIUM_SENTENCES };

export type ErrorCode = keyof typeof SENTENCES;
/** The codes a service may answer with: only these are taken from its errorCode. */
export type ServiceCode = keyof typeof SERVICE_SENTENCES;

/**
 * The troubleshooting page's spellings of the API reference's codes (service-notes.md: Timing and
 * life-cycle rules; docs.nchainplatform.com "Error Codes"): the same failure, the same sentence.
 */
const SPELLINGS: Readonly<Record<string, ServiceCode>> = {
  ENCODER_ARGUMENT_MISSING: 'CONTENT_ENCODER_ARGUMENT_MISSING',
  ENCODER_FINGERPRINT_MISSING: 'ENCODER_SHA256_MISSING',
  NOT_AN_EVENT_TRANSACTION: 'TX_NOT_AN_EVENT_TRANSACTION',
  NOT_A_DATA_TRANSACTION: 'TX_NOT_AN_EVENT_TRANSACTION',
};

/**
 * A service's errorCode as the catalogue names it, whichever page's spelling it came in; null when
 * unknown, or when it is one of Notarium's own codes: a service cannot make Notarium take its
 * answer for a failure of Notarium's own (BEING_SENT, NETWORK...), on which it branches.
 */
export function catalogueCode(errorCode: string): ServiceCode | null {
  if (Object.hasOwn(SPELLINGS, errorCode)) return SPELLINGS[errorCode]!;
  return Object.hasOwn(SERVICE_SENTENCES, errorCode) ? (errorCode as ServiceCode) : null;
}

/** Every code of the catalogue, and those a service may send, for tests and documentation. */
export const ERROR_CODES = Object.keys(SENTENCES) as ErrorCode[];
export const SERVICE_CODES = Object.keys(SERVICE_SENTENCES) as ServiceCode[];

export function sentenceFor(code: ErrorCode): string;
export function sentenceFor(code: ErrorCode, fallback: null): string | null;
export function sentenceFor(code: ErrorCode, fallback?: null): string | null {
  return (Object.hasOwn(SENTENCES, code) ? SENTENCES[code] : undefined) ?? (fallback === null ? null : SENTENCES.SERVICE_ERROR);
}

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(SENTENCES, code);
}
