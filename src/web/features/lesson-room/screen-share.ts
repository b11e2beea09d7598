/**
 * The screen-share control only where the browser can share a screen. Phones' browsers offer pages
 * no screen capture, so a phone or tablet (a mobile user agent, or only a finger for a pointer) is
 * left out whatever its browser defines.
 */
export const canShareScreen = (
  nav: Pick<Navigator, 'mediaDevices' | 'userAgent'> | undefined,
  touchOnly: boolean,
) =>
  nav !== undefined &&
  typeof nav.mediaDevices?.getDisplayMedia === 'function' &&
  !touchOnly &&
  !/Android|iPhone|iPad|iPod|Mobile/i.test(nav.userAgent)
