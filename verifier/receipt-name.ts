/**
 * A receipt's file name: `<file>.receipt.json`, beside `<file>` (receipt-v1.md), matched without
 * regard to case as file associations are.
 */
export const RECEIPT_SUFFIX = '.receipt.json';

export const isReceiptName = (name: string): boolean => name.toLowerCase().endsWith(RECEIPT_SUFFIX);

/** The name (or path) of the file a receipt stands beside. */
export const besideReceipt = (receiptName: string): string => receiptName.slice(0, -RECEIPT_SUFFIX.length);
