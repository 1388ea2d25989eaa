/**
 * A device's name as the settings list it («Chrome, Android»), from its browser's User-Agent: the
 * browser and the system a reader would recognise, or «Браузер» when neither is known.
 */
const BROWSERS: [RegExp, string][] = [
  [/YaBrowser\//, "Яндекс Браузер"],
  [/Edg\//, "Edge"],
  [/OPR\//, "Opera"],
  [/Firefox\//, "Firefox"],
  [/Chrome\//, "Chrome"],
  [/Version\/[\d.]+.*Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

export function deviceName(userAgent: string | null): string {
  const ua = userAgent ?? "";
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  return [browser ?? "Браузер", system].filter(Boolean).join(", ");
}
