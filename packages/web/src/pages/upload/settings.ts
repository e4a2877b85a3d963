import { ORDER_MATERIAL_VALUES } from "@printhood/core/shared/materials";
import { COLOR_VALUES, DEFAULT_SETTINGS, SUPPORT_VALUES } from "@printhood/core/shared/options";
import type { DraftBody } from "../../api/types";

/** The upload page's print settings (spec 1 §2 Print Settings, §3 Upload form state), typed as a draft sends them. */
export interface Settings {
  material: DraftBody["material"];
  filamentColor: NonNullable<DraftBody["filamentColor"]>;
  quality: number;
  infill: number;
  supports: DraftBody["printSettings"]["supports"];
  deliveryMethod: NonNullable<DraftBody["deliveryMethod"]>;
  specialInstructions: string;
  scale: number;
}

const oneOf = <T extends string>(list: readonly T[], value: string): T | undefined => list.find((v) => v === value);

export type SetSetting = <K extends keyof Settings>(key: K, value: Settings[K]) => void;

export const initialSettings: Settings = {
  material: DEFAULT_SETTINGS.material,
  filamentColor: oneOf(COLOR_VALUES, DEFAULT_SETTINGS.filamentColor) ?? COLOR_VALUES[0],
  quality: DEFAULT_SETTINGS.quality,
  infill: DEFAULT_SETTINGS.infill,
  supports: DEFAULT_SETTINGS.supports,
  deliveryMethod: DEFAULT_SETTINGS.deliveryMethod,
  specialInstructions: "",
  scale: 1,
};

/**
 * A saved draft's material and colour as the form holds them. The server only stores values of
 * these lists; anything else (never expected) falls back to the form's default.
 */
export const materialSetting = (m: string): Settings["material"] => oneOf(ORDER_MATERIAL_VALUES, m) ?? initialSettings.material;
export const colorSetting = (c: string): Settings["filamentColor"] => oneOf(COLOR_VALUES, c) ?? initialSettings.filamentColor;
export const supportsSetting = (v: string): Settings["supports"] | undefined => oneOf(SUPPORT_VALUES, v);

/** File sizes in MB (2 decimals on this page, spec 1 §9). */
export const mb = (bytes: number, digits = 2) => `${(bytes / 1048576).toFixed(digits)} MB`;
