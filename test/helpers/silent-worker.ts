// A worker that ends without answering (sqlite-thread.test.ts).
export {};
