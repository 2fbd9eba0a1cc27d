import type { OperationDocs } from "../types";
import { accountDocs } from "./accounts";
import { adminDocs } from "./admin";
import { generationDocs } from "./generation";
import { learningDocs } from "./learning";

/**
 * Every route's documentation, keyed "METHOD /path" as api/route-table.ts spells the path. A
 * route the table serves without an entry here fails api/openapi/openapi.test.ts.
 */
export const OPERATION_DOCS: OperationDocs = { ...accountDocs, ...learningDocs, ...generationDocs, ...adminDocs };
