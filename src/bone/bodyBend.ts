import type { Vector3 } from "three";
import type { ChainLinks } from "./chainLinks.js";
export function measureBendFromBody(_links: ChainLinks): Vector3 | null { return null; }
