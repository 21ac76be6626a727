/** The language a count sheet draws a CJK text's ideographs for (docs/decisions/0178). */
import { describe, expect, it } from 'vitest';
import { cjkLanguage } from './count-sheet-fonts.js';

// Stands in for Noto Sans JP's cmap: the ideographs of Japanese, not those simplified in China.
const simplifiedOnly = new Set([...'钢锈丝钉头仓'].map((c) => c.codePointAt(0)!));
const japaneseHas = (cp: number) => !simplifiedOnly.has(cp);

describe('cjkLanguage', () => {
  it('takes a text holding kana as Japanese and one holding Hangul as Korean, whatever the sheet', () => {
    for (const sheetHasKana of [false, true]) {
      expect(cjkLanguage('お茶 500 ml', sheetHasKana, japaneseHas)).toBe('ja');
      expect(cjkLanguage('ｶﾞﾑ', sheetHasKana, japaneseHas)).toBe('ja'); // half-width katakana
      expect(cjkLanguage('緑茶ティーバッグ', sheetHasKana, japaneseHas)).toBe('ja');
      expect(cjkLanguage('김치 냉장고', sheetHasKana, japaneseHas)).toBe('ko');
      expect(cjkLanguage('韓國 김치', sheetHasKana, japaneseHas)).toBe('ko');
    }
    // Kana decide before Hangul: a Japanese name that also spells a Korean word.
    expect(cjkLanguage('ボルト 볼트', false, japaneseHas)).toBe('ja');
  });

  it('takes ideographs alone as Japanese only on a sheet with kana, and only when the Japanese font has them all', () => {
    expect(cjkLanguage('醤油 1 L', false, japaneseHas)).toBe('zh');
    expect(cjkLanguage('醤油 1 L', true, japaneseHas)).toBe('ja');
    // A simplified Chinese character tells a Chinese name on a Japanese sheet.
    expect(cjkLanguage('不锈钢螺丝', true, japaneseHas)).toBe('zh');
    expect(cjkLanguage('仓库 A', true, japaneseHas)).toBe('zh');
    // Only ideographs are asked about: Latin, digits and CJK punctuation are not.
    expect(cjkLanguage('螺栓 M8、10 個', true, () => false)).toBe('zh');
    expect(cjkLanguage('Ж M8、10', true, () => false)).toBe('ja');
  });
});
