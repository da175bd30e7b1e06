import { describe, expect, it } from 'vitest';
import {
  contrastOnWhite,
  contrastRatio,
  MIN_CONTRAST_ON_WHITE,
  ratioText,
  relativeLuminance,
} from './contrast.ts';

describe('WCAG contrast', () => {
  it('gives black and white their luminances and the ratio 21:1', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
    expect(contrastOnWhite('#ffffff')).toBeCloseTo(1, 10);
  });

  it('matches published ratios against white', () => {
    // WebAIM's contrast checker: #767676 is the lightest grey passing AA on white (4.54:1),
    // #777777 just fails (4.48:1); the product's blue #0b57d0 reaches 6.6:1.
    expect(contrastOnWhite('#767676')).toBeCloseTo(4.54, 2);
    expect(contrastOnWhite('#777777')).toBeCloseTo(4.48, 2);
    expect(contrastOnWhite('#767676')).toBeGreaterThanOrEqual(MIN_CONTRAST_ON_WHITE);
    expect(contrastOnWhite('#777777')).toBeLessThan(MIN_CONTRAST_ON_WHITE);
    expect(contrastOnWhite('#ff0000')).toBeCloseTo(4, 2);
  });

  it('accepts upper-case digits and refuses anything but #rrggbb', () => {
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 10);
    for (const wrong of ['#fff', 'ffffff', '#gggggg', 'red', '#ffffff00'])
      expect(() => relativeLuminance(wrong)).toThrow();
  });

  it('names a ratio the German way, never rounded up to the limit', () => {
    expect(ratioText(contrastOnWhite('#777777'))).toBe('4,47:1');
    expect(ratioText(4.499)).toBe('4,49:1');
    expect(ratioText(21)).toBe('21:1');
    expect(ratioText(1)).toBe('1:1');
  });
});
