import { messageBook, type MessageBook } from './message-book.ts';
import { de } from './messages/de.ts';
import { en } from './messages/en.ts';
import { fr } from './messages/fr.ts';

/**
 * Every message of Notarium, for the app, the shells and the certificate (message-book.ts):
 * `translator(language)` is a typed `t` for one language.
 */
export const allMessages: MessageBook = messageBook({ en, fr, de });

export const { translator, richTranslator, hasMessage } = allMessages;
