import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import {
  AmbientLight,
  BufferAttribute,
  BufferGeometry,
  Color,
  DirectionalLight,
  GridHelper,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  Scene,
  WebGLRenderer,
} from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import { dims } from "../../upload/checks";

export interface ModelPreviewProps {
  /** 9 floats per triangle, in millimetres, as the analysis worker transferred them. */
  positions: Float32Array;
  /** Shown under the model; the analysis's size after any rescale. */
  dimensions: { x: number; y: number; z: number };
  fileName: string;
  /** Print scale (the unit rescale), applied to the view. */
  scale?: number;
}

/** How far one arrow key press turns the model: 15°. */
const KEY_TURN = Math.PI / 12;
/** The arrow keys' turns: left/right around the model, up/down over it (OrbitControls' rotateLeft/rotateUp). */
const KEY_TURNS: Record<string, { left: number; up: number }> = {
  ArrowLeft: { left: KEY_TURN, up: 0 },
  ArrowRight: { left: -KEY_TURN, up: 0 },
  ArrowUp: { left: 0, up: KEY_TURN },
  ArrowDown: { left: 0, up: -KEY_TURN },
};

/**
 * The design in 3D (three.js), orbitable by mouse or touch and, once focused (it is in the tab
 * order, named as an image), by the arrow keys. The BufferGeometry is built straight from the
 * worker's Float32Array (no second parse) and the scene renders only when the view changes,
 * so a million-triangle STL still turns smoothly. Loaded lazily: only pages that show it pay for three.
 */
export default function ModelPreview({ positions, dimensions, fileName, scale = 1 }: ModelPreviewProps) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const controlsRef = useRef<OrbitControls | null>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let renderer: WebGLRenderer;
    try {
      renderer = new WebGLRenderer({ antialias: true, powerPreference: "high-performance" });
    } catch {
      setFailed(true);
      return;
    }
    renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    const width = () => el.clientWidth || 400;
    const height = () => el.clientHeight || 320;
    renderer.setSize(width(), height());
    el.appendChild(renderer.domElement);
    renderer.domElement.setAttribute("aria-hidden", "true");

    const scene = new Scene();
    scene.background = new Color("#f8fafc");
    const geometry = new BufferGeometry();
    geometry.setAttribute("position", new BufferAttribute(positions, 3));
    geometry.computeVertexNormals();
    geometry.computeBoundingBox();
    const box = geometry.boundingBox!;
    // Centre on the bed: x/y centred, lowest point on z = 0; the file is Z-up, three.js is Y-up.
    geometry.translate(-(box.min.x + box.max.x) / 2, -(box.min.y + box.max.y) / 2, -box.min.z);
    const mesh = new Mesh(geometry, new MeshStandardMaterial({ color: "#4f8ef7", metalness: 0.05, roughness: 0.6, flatShading: true }));
    mesh.rotation.x = -Math.PI / 2;
    mesh.scale.setScalar(scale);
    scene.add(mesh);

    const sx = (box.max.x - box.min.x) * scale;
    const sy = (box.max.y - box.min.y) * scale;
    const sz = (box.max.z - box.min.z) * scale;
    const radius = Math.max(1e-3, Math.hypot(sx, sy, sz) / 2);
    const grid = new GridHelper(Math.max(sx, sy) * 1.6 || 10, 10, "#94a3b8", "#e2e8f0");
    scene.add(grid);
    scene.add(new AmbientLight("#ffffff", 0.6));
    const sun = new DirectionalLight("#ffffff", 1.6);
    sun.position.set(radius * 2, radius * 4, radius * 3);
    scene.add(sun);
    const fill = new DirectionalLight("#ffffff", 0.5);
    fill.position.set(-radius * 3, radius, -radius * 2);
    scene.add(fill);

    const camera = new PerspectiveCamera(40, width() / height(), radius / 100, radius * 100);
    camera.position.set(radius * 1.8, radius * 1.5, radius * 2.2);
    const controls = new OrbitControls(camera, renderer.domElement);
    controls.target.set(0, sz / 2, 0);
    controls.update();
    controlsRef.current = controls;

    let frame = 0;
    const render = () => {
      frame = 0;
      renderer.render(scene, camera);
    };
    const requestRender = () => {
      if (!frame) frame = requestAnimationFrame(render);
    };
    controls.addEventListener("change", requestRender);
    const resize = new ResizeObserver(() => {
      renderer.setSize(width(), height());
      camera.aspect = width() / height();
      camera.updateProjectionMatrix();
      requestRender();
    });
    resize.observe(el);
    requestRender();

    return () => {
      if (frame) cancelAnimationFrame(frame);
      resize.disconnect();
      controlsRef.current = null;
      controls.dispose();
      geometry.dispose();
      (mesh.material as MeshStandardMaterial).dispose();
      grid.geometry.dispose();
      renderer.dispose();
      renderer.domElement.remove();
    };
  }, [positions, scale]);

  const size = dims(dimensions);
  const turn = (e: KeyboardEvent<HTMLDivElement>) => {
    const by = KEY_TURNS[e.key];
    const controls = controlsRef.current;
    if (!by || !controls || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault(); // the arrow turns the model, not the page
    controls.rotateLeft(by.left);
    controls.rotateUp(by.up);
    controls.update(); // its change event renders the new view
  };
  return (
    <figure className="overflow-hidden rounded-xl border border-slate-200">
      <div
        ref={host}
        role="img"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the arrow keys turn the model, so the keyboard has to reach it
        tabIndex={0}
        onKeyDown={turn}
        aria-label={`3D preview of ${fileName}, ${size}. Drag or use the arrow keys to turn it, scroll to zoom.`}
        className="h-80 w-full cursor-grab touch-none bg-slate-50 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 active:cursor-grabbing"
        data-testid="model-preview"
      >
        {failed ? <p className="p-6 text-sm text-slate-600">Your browser cannot show the 3D preview (WebGL is unavailable).</p> : null}
      </div>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 bg-white px-4 py-2 text-sm">
        <span className="font-medium text-slate-900">Dimensions: {size}</span>
        <span className="text-slate-500">Drag or arrow keys to orbit · scroll to zoom · right-drag to pan</span>
      </figcaption>
    </figure>
  );
}
