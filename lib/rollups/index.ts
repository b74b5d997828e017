// The rollups' one home: bucket widths and segments, the duration histogram, row shapes and
// how calls fold into them. Ingest writes them; queries read them; neither defines them.
export * from "./buckets";
export * from "./histogram";
export * from "./rows";
export * from "./hygiene";
