/**
 * Backups of the whole gateway (issue #27): the archive's database part, the export, the archive
 * store. The command-line tools (`npm run backup`, `npm run restore`) use this entry.
 */
export { dumpTables, replaceTables, unknownToSchema } from './database-rows';
export { archiveName } from './export-archive';
export { gatewayFacts } from './gateway-facts';
