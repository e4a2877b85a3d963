import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import ModelPreview from "../src/components/preview/ModelPreview";
import { box } from "./meshes";

/**
 * jsdom has no WebGL: with `gpu` set, three's WebGLRenderer is stood in for by one that draws
 * nothing and writes down where the camera stood at each frame (the rest of three is real,
 * OrbitControls included). Without it, the real renderer fails as in a browser without WebGL.
 */
const gpu = vi.hoisted(() => ({ on: false, frames: [] as number[][] }));
vi.mock("three", async (importOriginal) => {
  const three = await importOriginal<typeof import("three")>();
  class StandInRenderer {
    domElement = document.createElement("canvas");
    constructor() {
      if (!gpu.on) throw new Error("WebGL is unavailable");
    }
    setPixelRatio() {}
    setSize() {}
    render(_scene: unknown, camera: { position: { toArray(): number[] } }) {
      gpu.frames.push(camera.position.toArray());
    }
    dispose() {}
  }
  return { ...three, WebGLRenderer: StandInRenderer };
});

/** A 30 mm cube as the analysis worker hands it over: 9 floats per triangle. */
function cube() {
  const bytes = box(30);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = view.getUint32(80, true);
  const positions = new Float32Array(n * 9);
  for (let t = 0; t < n; t++) for (let k = 0; k < 9; k++) positions[t * 9 + k] = view.getFloat32(84 + t * 50 + 12 + k * 4, true);
  return positions;
}

const show = () =>
  render(
    <>
      <button type="button">Before</button>
      <ModelPreview positions={cube()} dimensions={{ x: 30, y: 30, z: 30 }} fileName="box.stl" />
    </>,
  );

afterEach(() => {
  gpu.on = false;
  gpu.frames = [];
});

describe("the 3D preview from the keyboard", () => {
  it.each([
    ["with WebGL", true],
    ["without WebGL", false],
  ])("is in the tab order as an image named by the design and its size (%s)", async (_, on) => {
    gpu.on = on;
    show();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole("button", { name: "Before" })).toHaveFocus();
    await user.tab();
    const preview = screen.getByRole("img", { name: /^3D preview of box\.stl, 30 × 30 × 30 mm\./ });
    expect(preview).toHaveFocus();
    expect(preview).toHaveAccessibleName(/arrow keys to turn it/);
  });

  it("turns with the arrow keys, each key its own way, and leaves the page where it is", async () => {
    gpu.on = true;
    show();
    const user = userEvent.setup();
    await waitFor(() => expect(gpu.frames.length).toBeGreaterThan(0));
    const preview = screen.getByRole("img", { name: /^3D preview of box\.stl/ });
    preview.focus();
    const seen = [gpu.frames.at(-1)!.join()];
    for (const key of ["ArrowLeft", "ArrowRight", "ArrowRight", "ArrowUp", "ArrowDown", "ArrowDown"]) {
      const before = gpu.frames.length;
      await user.keyboard(`{${key}}`);
      await waitFor(() => expect(gpu.frames.length, key).toBeGreaterThan(before));
      seen.push(gpu.frames.at(-1)!.join());
    }
    // Left then right comes back to the start; each press showed a new view.
    expect(seen[2]).toBe(seen[0]);
    for (let i = 1; i < seen.length; i++) expect(seen[i], `press ${i}`).not.toBe(seen[i - 1]);
    const press = new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true, cancelable: true });
    preview.dispatchEvent(press);
    expect(press.defaultPrevented).toBe(true);
  });
});
