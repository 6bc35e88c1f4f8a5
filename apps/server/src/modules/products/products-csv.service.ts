import type { Actor } from '../../lib/actor';
import { exportCsv } from './products-csv-export.service';
import {
  importCsv,
  importStatus,
  type ProductsCsvImportDeps,
  runImport,
} from './products-csv-import.service';

/** What the CSV service is built from: the import's deps cover the export's. */
export type ProductsCsvDeps = ProductsCsvImportDeps;

/**
 * Catalogue CSV (README "Catalogue CSV"): the export writes PRODUCT_CSV_COLUMNS; the import reads them by header
 * name, checks every row with the same schemas as the API (line numbers, the spec's messages), and on commit
 * creates or updates (by id, else by SKU) in a job with progress for large files.
 */
export function createProductsCsvService(deps: ProductsCsvDeps) {
  return {
    exportCsv: (actor: Actor) => exportCsv(deps, actor),
    run: (vendorId: string, importId: string) => runImport(deps, vendorId, importId),
    importCsv: (actor: Actor, csv: string, dryRun: boolean) => importCsv(deps, actor, csv, dryRun),
    importStatus: (actor: Actor, importId: string) => importStatus(deps, actor, importId),
  };
}

export type ProductsCsvService = ReturnType<typeof createProductsCsvService>;
