import { isEndpoint, type Endpoint } from "../endpoint";
import * as topics from "./topics";

/*
 * Every endpoint of the JSON API: each module declares the endpoints of one resource
 * (api/endpoint.ts). The app registers these, the OpenAPI description documents them, and the
 * API tests derive their authorization matrix and fuzz inputs from them.
 */

const MODULES = [topics];

export const ENDPOINTS: readonly Endpoint[] = MODULES.flatMap((module) => Object.values(module).filter(isEndpoint));
