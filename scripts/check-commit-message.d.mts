// Types for check-commit-message.mjs (plain JavaScript, so that the hook runs with no loader), for its tests.
export declare const MAX_SUBJECT: number;
export declare function messageLines(text: string, commentChar?: string): string[];
export declare function problems(text: string, commentChar?: string): string[];
