/**
 * Splits a full name, as an applicant wrote it, into the first and last name an account holds.
 * The rule, chosen for Malaysian names (the admin sees each split in the upload summary):
 *
 * 1. Patronymic names: the connector and the parent's name stay together, as written, as the last
 *    name; everything before is the first name. Connectors: bin, binti, binte, bt, bte, b. (Malay),
 *    a/l, a/p, s/o, d/o (Indian Malaysian), anak (Sarawak).
 *    'Nur Aisyah binti Ahmad' -> 'Nur Aisyah' + 'binti Ahmad'; 'Muthu a/l Rajan' -> 'Muthu' + 'a/l Rajan'.
 * 2. Chinese names, family name first: when the first word is a common romanised Chinese family
 *    name and two or three words follow at most, it is the last name and the rest the first name.
 *    'Tan Mei Ling' -> 'Mei Ling' + 'Tan'. A given name before it ('Jason Tan Wei Ming') keeps the
 *    family name with the Chinese given name: 'Jason' + 'Tan Wei Ming'.
 * 3. Otherwise the last word is the last name: 'Priya Devi Ramasamy' -> 'Priya Devi' + 'Ramasamy'.
 * 4. A single word (common among Malay and Indonesian names) is the first name; the last name stays empty.
 *
 * Spaces are collapsed; letters are never changed.
 */
export type NameSplitRule = 'patronymic' | 'family name first' | 'last word' | 'single name' | 'empty';

export interface SplitName {
  first_name: string;
  last_name: string;
  rule: NameSplitRule;
}

const CONNECTORS = new Set(['bin', 'binti', 'binte', 'bt', 'bt.', 'bte', 'b.', 'a/l', 'a/p', 's/o', 'd/o', 'anak']);

/** Common romanised Chinese family names in Malaysia (Hokkien, Cantonese, Hakka, Teochew, Hainanese, pinyin). */
const CHINESE_FAMILY_NAMES = new Set(
  `ang au aw chai chan chang chau chee cheah chen cheng cheong chew chia chiam chin chng choi chong choo chow chu chua
   chuah chung fong foo fung gan goh hee heng hii ho hoh hong hoo hu huang hui kee khoo koay koh kok kong ku kuan kwan
   kwok lai lam lau law lee leong leow lew li liang liew lim lin ling liu loh loke loi lok loo low lu lum ma mah neo ng
   ong ooi pang phang phua poh quah quek seah seow sia siew sim soh song soo sun tai tam tan tang tay tee teh teo
   tham thong tiong toh tong tsang wee wong woo wu xu yap yau yee yeo yeoh yew yong yu yuen zhang zhao zheng zhou`.split(/\s+/),
);

const isFamilyName = (word: string) => CHINESE_FAMILY_NAMES.has(word.toLowerCase());

export function splitFullName(fullName: string): SplitName {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { first_name: '', last_name: '', rule: 'empty' };
  if (words.length === 1) return { first_name: words[0], last_name: '', rule: 'single name' };

  const connector = words.findIndex((w, i) => i > 0 && i < words.length - 1 && CONNECTORS.has(w.toLowerCase()));
  if (connector > 0) {
    return { first_name: words.slice(0, connector).join(' '), last_name: words.slice(connector).join(' '), rule: 'patronymic' };
  }
  if (isFamilyName(words[0]) && words.length <= 4) {
    return { first_name: words.slice(1).join(' '), last_name: words[0], rule: 'family name first' };
  }
  // A given name, then a Chinese name written family name first: 'Jason Tan Wei Ming'.
  const family = words.findIndex((w, i) => i > 0 && i >= words.length - 3 && i < words.length - 1 && isFamilyName(w));
  if (family > 0) {
    return { first_name: words.slice(0, family).join(' '), last_name: words.slice(family).join(' '), rule: 'family name first' };
  }
  return { first_name: words.slice(0, -1).join(' '), last_name: words[words.length - 1], rule: 'last word' };
}
