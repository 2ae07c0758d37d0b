// Plain JSON values: what states, answers and log entries are made of, so that they can be
// cloned, stored, replayed and sent over the wire unchanged.

export type Json =
  null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };
export type JsonObject = { readonly [key: string]: Json };
