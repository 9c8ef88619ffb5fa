import { describe, expect, it } from "vitest";
import { Group, Vector3 } from "three";
import type { Material, Object3D } from "three";
import { TwoBoneIK, TwoBoneIKHelper } from "../src/index";
import { makeChain, PARENT_TRANSFORMS, worldPositionOf } from "./helpers/rig";

function setup() {
  const chain = makeChain(PARENT_TRANSFORMS[3]);
  const ik = new TwoBoneIK(chain.upper, chain.mid, chain.end);
  const root = worldPositionOf(chain.upper);
  const target = root.clone().add(new Vector3(40, 30, 10)), pole = root.clone().add(new Vector3(0, 0, 120));
  ik.solve(target, pole);
  return { chain, ik, target, pole };
}

describe("TwoBoneIKHelper", () => {
  it("puts the target, joint and pole balls on their world positions, even under a transformed parent", () => {
    const { chain, ik, target, pole } = setup();
    const holder = new Group();
    holder.position.set(5, -3, 2);
    holder.rotation.set(0.3, 1.1, -0.4);
    holder.scale.setScalar(0.5);
    const helper = new TwoBoneIKHelper(ik);
    holder.add(helper);
    holder.updateMatrixWorld(true);
    const worldOf = (o: Object3D) => new Vector3().setFromMatrixPosition(o.matrixWorld);
    expect(worldOf(helper.targetMesh).distanceTo(target)).toBeLessThan(1e-9);
    expect(worldOf(helper.poleMesh).distanceTo(pole)).toBeLessThan(1e-9);
    expect(worldOf(helper.jointMesh).distanceTo(worldPositionOf(chain.mid))).toBeLessThan(1e-9);
  });

  it("draws the chain root → joint → end as its first two line segments (Float32)", () => {
    const { chain, ik } = setup();
    const helper = new TwoBoneIKHelper(ik);
    helper.updateMatrixWorld(true);
    const positions = helper.lines.geometry.getAttribute("position");
    const at = (i: number) => new Vector3(positions.getX(i), positions.getY(i), positions.getZ(i));
    const tolerance = 1e-5 * 60; // Float32 버퍼
    expect(at(0).distanceTo(worldPositionOf(chain.upper))).toBeLessThan(tolerance);
    expect(at(1).distanceTo(worldPositionOf(chain.mid))).toBeLessThan(tolerance);
    expect(at(3).distanceTo(worldPositionOf(chain.end))).toBeLessThan(tolerance);
  });

  it("sizes its balls from the chain length unless a radius is given", () => {
    const { ik } = setup();
    const auto = new TwoBoneIKHelper(ik);
    auto.updateMatrixWorld(true);
    expect(auto.targetMesh.scale.x).toBeCloseTo(0.04 * 2 * 55, 9); // 부모 ×2, 체인 30 + 25
    const fixed = new TwoBoneIKHelper(ik, { radius: 0.3 });
    fixed.updateMatrixWorld(true);
    expect(fixed.poleMesh.scale.x).toBe(0.3);
  });

  it("does not refresh while hidden", () => {
    const { ik, target } = setup();
    const helper = new TwoBoneIKHelper(ik);
    helper.updateMatrixWorld(true);
    const before = helper.targetMesh.position.clone();
    helper.visible = false;
    ik.solve(target.clone().add(new Vector3(5, 0, 0)), ik.poleWorld);
    helper.updateMatrixWorld(true);
    expect(helper.targetMesh.position.equals(before)).toBe(true);
    helper.visible = true;
    helper.updateMatrixWorld(true);
    expect(helper.targetMesh.position.equals(before)).toBe(false);
  });

  it("disposes its geometries and materials", () => {
    const { ik } = setup();
    const helper = new TwoBoneIKHelper(ik);
    let disposed = 0;
    helper.lines.geometry.addEventListener("dispose", () => disposed++);
    helper.targetMesh.geometry.addEventListener("dispose", () => disposed++);
    (helper.jointMesh.material as Material).addEventListener("dispose", () => disposed++);
    helper.dispose();
    expect(disposed).toBe(3);
  });
});
