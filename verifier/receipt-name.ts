/** A receipt's file name: `<file>.receipt.json`, beside `<file>` (receipt-v1.md). */
export const RECEIPT_SUFFIX = '.receipt.json';
