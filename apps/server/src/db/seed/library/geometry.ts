/*
 * Types the demo library's renderers share: `Rgb`, a colour as three channels (bytes in the
 * textures, linear radiances in the HDR skies), and `Point`, a position as x and y (millimetres in
 * the DXF drawings, pixels in the textures and the climate map).
 */

export type Rgb = readonly [r: number, g: number, b: number];
export type Point = readonly [x: number, y: number];
