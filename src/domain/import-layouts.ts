/**
 * Header recognition for catalogue imports, as data (issue "bring your own data"): the export
 * layouts of the systems businesses use, and the words each field goes by in English, German,
 * French, Spanish, Italian, Dutch, Portuguese and Swedish. `proposeProductMapping` scores every
 * column by its header and by the values of the first rows, and answers the mapping with a
 * confidence and a reason per column. Pure; never throws.
 *
 * Scores: a known layout's column 110; a field's own key or label 100; a synonym 90 (earlier
 * synonyms of a field win ties: 'Regular price' before 'Sale price'); the spec's contains-rules
 * 60 (spec part 2 section 5); values alone 50 (a column of 8-14 digit codes is a barcode).
 * Values veto: a column of names is never a barcode, quantity or price; a column of amounts is
 * never a name. Each field takes one column, each column one field, best score first, the
 * leftmost column winning a tie.
 */
import { PRODUCT_IMPORT_FIELD_LABELS, PRODUCT_IMPORT_FIELDS, type ProductImportField } from '../contracts/products.js';

/** A known export layout: recognised when every `signature` header is present (folded). */
export interface ImportLayout {
  name: string;
  signature: readonly string[];
  /** Folded header -> field. */
  columns: Readonly<Record<string, ProductImportField>>;
  /** Folded headers that look like a field but are not (Magento's `product_type` is no category). */
  ignore?: Readonly<Record<string, string>>;
  /**
   * Folded header of the column grouping a product's rows (Shopify's Handle): a row of the group
   * without SKU and without name is a continuation row (image-only), and a variant row without a
   * name takes the name of its group's first row.
   */
  groupBy?: string;
  /** Folded prefix of per-location quantity columns ('current quantity ' + location name). */
  locationQuantityPrefix?: string;
  /**
   * Folded headers that each hold the stock, most wanted first: the first one filled in the
   * sample rows is the stock and the others are not imported (Shopify's inventory file carries
   * `On hand (current)` as exported and `On hand (new)` as counted).
   */
  stockColumns?: readonly string[];
}

/** The layouts, most specific first (the first whose signature matches is the file's). */
export const IMPORT_LAYOUTS: readonly ImportLayout[] = [
  {
    name: 'Shopify product export',
    signature: ['handle', 'variant sku'],
    columns: {
      'variant sku': 'sku',
      title: 'name',
      'variant barcode': 'upc',
      vendor: 'manufacturer',
      type: 'category',
      tags: 'tags',
      'variant inventory qty': 'currentQuantity',
      'variant price': 'price',
      'cost per item': 'costPrice',
    },
    ignore: {
      'variant compare at price': 'the price before a sale, not the selling price',
      'product category': "Shopify's taxonomy; Type is the shop's own category",
      'seo description': 'the text for search engines',
      'seo title': 'the title for search engines',
    },
    groupBy: 'handle',
  },
  {
    name: 'Shopify inventory export',
    signature: ['handle', 'sku', 'option1 value'],
    columns: { sku: 'sku', title: 'name', 'on hand': 'currentQuantity', 'on hand new': 'currentQuantity', 'on hand current': 'currentQuantity', 'bin name': 'location' },
    stockColumns: ['on hand new', 'on hand current', 'on hand'],
    ignore: {
      available: 'available is on hand minus committed',
      'available not editable': 'available is on hand minus committed',
      committed: 'ordered, not yet shipped',
      'committed not editable': 'ordered, not yet shipped',
      incoming: 'not yet received',
      'incoming not editable': 'not yet received',
      'unavailable not editable': 'damaged or held stock, part of on hand',
      'hs code': 'a customs tariff code, not a barcode',
      location: 'the store, not the shelf',
    },
    groupBy: 'handle',
  },
  {
    name: 'Square catalogue export',
    signature: ['token', 'item name', 'variation name'],
    columns: {
      sku: 'sku',
      'item name': 'name',
      gtin: 'upc',
      token: 'otherIdentifier',
      description: 'description',
      categories: 'category',
      'default vendor name': 'distributor',
      price: 'price',
      'default unit cost': 'costPrice',
    },
    ignore: { 'reporting category': 'Categories holds the full category', 'online sale price': 'a discounted online price' },
    locationQuantityPrefix: 'current quantity ',
  },
  {
    name: 'WooCommerce product export',
    signature: ['sku', 'regular price', 'sale price'],
    columns: { sku: 'sku', name: 'name', description: 'description', stock: 'currentQuantity', 'regular price': 'price', categories: 'category', tags: 'tags' },
    ignore: { 'sale price': 'a temporary discount; Regular price is the selling price' },
  },
  {
    // The stock-only product CSV StockTally writes back (WooCommerce's import schema: ID, Type, SKU, Stock).
    name: 'WooCommerce stock update',
    signature: ['id', 'type', 'sku', 'stock'],
    columns: { sku: 'sku', name: 'name', stock: 'currentQuantity' },
  },
  {
    // Odoo's Physical Inventory (stock.quant) import: Location, Product (its internal reference), Counted Quantity.
    name: 'Odoo physical inventory import',
    signature: ['product', 'counted quantity'],
    columns: { product: 'sku', location: 'location', 'counted quantity': 'currentQuantity' },
  },
  {
    name: 'Odoo export (technical names)',
    signature: ['default code'],
    columns: {
      'default code': 'sku',
      name: 'name',
      barcode: 'upc',
      'standard price': 'costPrice',
      'list price': 'price',
      'qty available': 'currentQuantity',
      'categ id': 'category',
      description: 'description',
    },
  },
  {
    name: 'Odoo export (labels)',
    signature: ['internal reference'],
    columns: { 'internal reference': 'sku', name: 'name', barcode: 'upc', cost: 'costPrice', 'sales price': 'price', 'quantity on hand': 'currentQuantity', 'product category': 'category' },
    ignore: { 'product type': "Odoo's product type (storable, consumable, service), not a category" },
  },
  {
    name: 'Odoo export (German labels)',
    signature: ['interne referenz'],
    columns: { 'interne referenz': 'sku', name: 'name', strichcode: 'upc', kosten: 'costPrice', verkaufspreis: 'price', 'vorhandene menge': 'currentQuantity', produktkategorie: 'category' },
    ignore: { produkttyp: "Odoo's product type, not a category", 'product type': "Odoo's product type, not a category" },
  },
  {
    name: 'Magento product export',
    signature: ['sku', 'attribute set code', 'product type'],
    columns: { sku: 'sku', name: 'name', description: 'description', price: 'price', qty: 'currentQuantity', categories: 'category', cost: 'costPrice' },
    ignore: { 'product type': "Magento's product type (simple, configurable), not a category", 'special price': 'a temporary special price' },
  },
  {
    name: 'Amazon inventory report',
    signature: ['sku', 'asin', 'price', 'quantity'],
    columns: { sku: 'sku', asin: 'otherIdentifier', price: 'price', quantity: 'currentQuantity', 'product name': 'name', 'item name': 'name' },
    ignore: { 'business price': 'the business customers price' },
  },
  {
    name: 'Lightspeed Retail export',
    signature: ['system id', 'custom sku'],
    columns: {
      'custom sku': 'sku',
      description: 'name',
      upc: 'upc',
      'manufact sku': 'otherIdentifier',
      qty: 'currentQuantity',
      'default cost': 'costPrice',
      price: 'price',
      'default price': 'price',
      category: 'category',
      brand: 'manufacturer',
      vendor: 'distributor',
    },
  },
  {
    name: 'Lightspeed X-Series export',
    signature: ['handle', 'supply price', 'retail price'],
    columns: { sku: 'sku', name: 'name', 'supply price': 'costPrice', 'retail price': 'price', 'brand name': 'manufacturer', 'supplier name': 'distributor', type: 'category', tags: 'tags' },
    locationQuantityPrefix: 'inventory ',
  },
  {
    name: 'Zoho Inventory export',
    signature: ['item id', 'item name', 'purchase rate'],
    columns: {
      sku: 'sku', 'item name': 'name', upc: 'upc', ean: 'upc', rate: 'price', 'selling price': 'price', 'purchase rate': 'costPrice', 'purchase price': 'costPrice',
      'stock on hand': 'currentQuantity', 'category name': 'category', brand: 'manufacturer', vendor: 'distributor', description: 'description',
    },
  },
  {
    name: 'QuickBooks product list',
    signature: ['product service name'],
    columns: { sku: 'sku', 'product service name': 'name', 'sales description': 'description', 'sales price rate': 'price', 'purchase cost': 'costPrice', 'quantity on hand': 'currentQuantity', category: 'category' },
    ignore: { type: "QuickBooks' item type (inventory, service), not a category" },
  },
];

/**
 * The words each field goes by, folded (column-mapping.ts `foldHeader`), best first: English,
 * then German, French, Spanish, Italian, Dutch, Portuguese, Swedish, then spreadsheet habits.
 */
export const FIELD_SYNONYMS: Readonly<Record<ProductImportField, readonly string[]>> = {
  sku: [
    'sku', 'product sku', 'item sku', 'variant sku', 'sku code', 'sku number', 'item number', 'item no', 'item id', 'item code',
    'product code', 'article number', 'article code', 'part number', 'part no', 'internal reference', 'default code', 'reference', 'ref',
    'artikelnummer', 'artikel nr', 'artikelnr', 'art nr', 'interne referenz', 'referenz', 'artikelcode',
    'référence', 'reference interne', 'référence interne', 'code article', 'réf',
    'referencia', 'referencia interna', 'código de artículo', 'codigo de articulo', 'código', 'codigo',
    'codice articolo', 'codice', 'riferimento', 'riferimento interno',
    'interne referentie', 'artikelcode', 'referentie',
    'código do produto', 'codigo do produto', 'referência', 'referência interna',
    'artikelnummer', 'artikel nr', 'art nr',
    'item', 'item #', 'part #', 'code',
    'артикул', 'код', 'код товара', 'sku товара', 'رمز الصنف', 'كود', 'الكود', 'رقم الصنف',
  ],
  name: [
    'name', 'product name', 'item name', 'title', 'product title', 'product', 'item desc', 'item description',
    'bezeichnung', 'artikelbezeichnung', 'produktname', 'produkt', 'artikelname',
    'nom', 'nom du produit', 'désignation', 'designation', 'libellé', 'libelle', 'produit',
    'nombre', 'nombre del producto', 'producto', 'artículo', 'articulo',
    'nome', 'nome prodotto', 'prodotto', 'articolo',
    'naam', 'productnaam', 'artikelnaam',
    'nome do produto', 'produto',
    'namn', 'produktnamn', 'benämning', 'artikel',
    'наименование', 'название', 'имя', 'товар', 'наименование товара', 'الاسم', 'اسم الصنف', 'اسم المنتج', 'الصنف',
    'particulars', 'item', 'description of goods',
  ],
  upc: [
    'upc', 'ean', 'gtin', 'barcode', 'bar code', 'ean13', 'ean 13', 'upc a', 'ean code', 'upc code', 'gtin 14', 'isbn', 'barcodes',
    'strichcode', 'ean nummer', 'code barre', 'code barres', 'code à barres', 'gencod', 'código de barras', 'codigo de barras',
    'codice a barre', 'streepjescode', 'ean nummer', 'código de barras', 'streckkod',
    'штрихкод', 'штрих код', 'штрих-код', 'الباركود', 'باركود',
  ],
  otherIdentifier: [
    'other id', 'other identifier', 'alternate id', 'alt id', 'vendor code', 'supplier code', 'supplier sku', 'vendor sku', 'mpn',
    'manufacturer part number', 'asin', 'model number', 'model', 'lieferantenartikelnummer', 'herstellernummer',
    'référence fournisseur', 'referencia del proveedor', 'codice fornitore', 'leverancierscode', 'código do fornecedor', 'leverantörens artikelnummer',
  ],
  description: [
    'description', 'desc', 'product description', 'long description', 'short description',
    'beschreibung', 'produktbeschreibung', 'descriptif', 'descripción', 'descripcion', 'descrizione', 'omschrijving', 'beschrijving',
    'descrição', 'descricao', 'beskrivning', 'описание', 'краткое описание', 'الوصف',
  ],
  distributor: [
    'distributor', 'supplier', 'vendor', 'default vendor name',
    'lieferant', 'fournisseur', 'proveedor', 'fornitore', 'leverancier', 'fornecedor', 'leverantör', 'leverantor',
  ],
  manufacturer: [
    'manufacturer', 'brand', 'maker', 'brand name', 'hersteller', 'marke', 'fabricant', 'marque', 'fabricante', 'marca',
    'produttore', 'fabrikant', 'merk', 'tillverkare', 'märke',
  ],
  currentQuantity: [
    'quantity', 'current quantity', 'qty', 'stock', 'on hand', 'quantity on hand', 'qty on hand', 'stock on hand', 'stock level',
    'inventory', 'inventory quantity', 'qty available', 'quantity available', 'in stock', 'current stock', 'stock qty', 'units',
    'menge', 'bestand', 'lagerbestand', 'vorhandene menge', 'anzahl',
    'quantité', 'quantite', 'qté', 'qte', 'stock disponible',
    'cantidad', 'existencias', 'stock actual',
    'quantità', 'quantita', 'giacenza', 'disponibilità',
    'aantal', 'voorraad',
    'quantidade', 'estoque', 'qtd',
    'antal', 'lagersaldo', 'saldo', 'i lager',
    'количество', 'остаток', 'запасы', 'в наличии', 'кол во', 'الكمية', 'الرصيد', 'closing balance', 'closing quantity', 'closing stock', 'qty in stock',
  ],
  category: [
    'category', 'product category', 'categories', 'category name', 'department', 'product group', 'group',
    'kategorie', 'produktkategorie', 'warengruppe', 'catégorie', 'categorie', 'categoría', 'categoria', 'famille',
    'categoria', 'categorie', 'productgroep', 'kategori', 'varugrupp', 'categorias', 'категории', 'категория', 'الفئة', 'التصنيف',
  ],
  location: [
    'location', 'bin', 'bin location', 'shelf', 'aisle', 'warehouse location', 'storage location',
    'lagerort', 'lagerplatz', 'emplacement', 'ubicación', 'ubicacion', 'ubicazione', 'locatie', 'localização', 'localizacao', 'lagerplats', 'hylla',
  ],
  costPrice: [
    'cost price', 'cost', 'unit cost', 'cost per item', 'purchase price', 'purchase cost', 'standard price', 'default unit cost', 'supply price',
    'einkaufspreis', 'ek preis', 'ek', 'kosten', 'einstandspreis', "prix d'achat", 'prix achat', 'coût', 'cout', 'prix de revient',
    'precio de coste', 'coste', 'precio de compra', 'costo', 'prezzo di acquisto', 'prezzo acquisto', 'inkoopprijs', 'kostprijs',
    'preço de custo', 'preco de custo', 'custo', 'inköpspris', 'inkopspris', 'kostnad', 'закупочная цена', 'себестоимость', 'سعر التكلفة', 'التكلفة',
  ],
  price: [
    'selling price', 'price', 'regular price', 'retail price', 'unit price', 'list price', 'sales price', 'variant price', 'rate', 'sale price',
    'verkaufspreis', 'vk preis', 'vk', 'preis', 'prix de vente', 'prix', 'precio de venta', 'precio', 'prezzo di vendita', 'prezzo',
    'verkoopprijs', 'prijs', 'preço de venda', 'preco de venda', 'preço', 'preco', 'försäljningspris', 'pris',
    'базовая цена', 'цена', 'обычная цена', 'السعر', 'سعر البيع',
  ],
  tags: ['tags', 'tag', 'labels', 'keywords', 'schlagworte', 'schlagwörter', 'étiquettes', 'etiquetas', 'etichette', 'trefwoorden', 'etiketter', 'метки'],
};

/** How sure a proposal is: high (layout, label, synonym), medium (contains-rule), low (values only). */
export type MappingConfidence = 'high' | 'medium' | 'low';

/** The proposal for one column of the file. */
export interface ColumnProposal {
  header: string;
  /** The field proposed, or null (not imported). */
  field: ProductImportField | null;
  confidence: MappingConfidence | null;
  /** Why, for the mapping step: `Variant Inventory Qty -> Current Stock (Shopify product export)`. */
  reason: string;
}

/** A per-location quantity column of a multi-location export. */
export interface LocationColumn {
  header: string;
  location: string;
}

export interface ProductMappingProposal {
  /** header -> field, the proposed columns only. */
  mapping: Record<string, ProductImportField>;
  columns: ColumnProposal[];
  /** The known layout recognised, or null. */
  layout: string | null;
  /** Per-location quantity columns; the one most filled in the first rows is proposed as Current Stock. Empty for single-location files. */
  locations: LocationColumn[];
  /** Header grouping a product's rows (Shopify's Handle), or null. */
  groupColumn: string | null;
}

/**
 * The kind of a column's values: `decimal` plain numbers of at most 3 places (`1.50` m, `0.25` kg),
 * quantities or prices alike; `words` names (letters with spaces between them); `code`
 * identifiers (one token holding a digit: `A1554244`, `cc-belt-2`); `text` anything else.
 */
type ValueKind = 'empty' | 'barcode' | 'integer' | 'decimal' | 'money' | 'words' | 'code' | 'text';

/** An amount with an optional currency sign or ISO 4217 code before or after it (`ARS 1000.00`, `12,50 EUR`). */
const MONEY_VALUE = /^(?:[$€£₹]|[A-Z]{3}\s?)?\s*\d{0,10}([.,]\d{3})*([.,]\d{1,4})?\s*(?:[$€£₹]|\s?[A-Z]{3})?$/;

/** The kind of a column's sample values (most cells agreeing; blanks ignored). */
export function valueKind(cells: readonly string[]): ValueKind {
  const values = cells.map(cleanCell).filter((c) => c !== '');
  if (values.length === 0) return 'empty';
  const share = (test: (v: string) => boolean) => values.filter(test).length / values.length;
  if (share((v) => /^\d{8,14}$/.test(v) || /^\d([.,]\d+)?E\+?\d{1,2}$/i.test(v)) >= 0.8) return 'barcode';
  if (share((v) => /^[+-]?\d{1,7}([.,]0+)?$/.test(v) || /^not stocked$/i.test(v)) >= 0.8) return 'integer';
  if (share((v) => /^[+-]?\d{1,10}([.,]\d{0,3}0*)?$/.test(v) || /^not stocked$/i.test(v)) >= 0.8) return 'decimal';
  if (share((v) => MONEY_VALUE.test(v) && /\d/.test(v)) >= 0.8) return 'money';
  if (share((v) => /\p{L}{2,}.*\s.*\p{L}/u.test(v)) >= 0.6) return 'words';
  if (share((v) => /^[\p{L}\d][\p{L}\d\-_./]*$/u.test(v) && /\d/.test(v)) >= 0.8) return 'code';
  return 'text';
}

const EQUALS = 61;
const APOSTROPHE = 39;

/** `'0123` and `="0123"` (spreadsheet text markers) as `0123`; trimmed. */
export function cleanCell(raw: string): string {
  let v = raw.trim();
  // Most cells hold neither marker: answered before the pattern runs (an import reads every row).
  const first = v.charCodeAt(0);
  if (first !== EQUALS && first !== APOSTROPHE) return v;
  const formula = /^="(.*)"$/.exec(v);
  if (formula) v = formula[1]!.trim();
  if (v.startsWith("'")) v = v.slice(1).trim();
  return v;
}

const FIELD_VETO: Partial<Record<ProductImportField, readonly ValueKind[]>> = {
  sku: ['words'],
  upc: ['text', 'words', 'code', 'decimal', 'money'],
  otherIdentifier: ['words'],
  currentQuantity: ['text', 'words', 'code', 'barcode'],
  costPrice: ['text', 'words', 'code', 'barcode'],
  price: ['text', 'words', 'code', 'barcode'],
  name: ['integer', 'decimal', 'money', 'code', 'barcode'],
};

const CONTAINS_RULES: readonly (readonly [(h: string) => boolean, ProductImportField, string])[] = [
  [(h) => h.includes('sku'), 'sku', 'sku'],
  [(h) => h.includes('name'), 'name', 'name'],
  [(h) => h.includes('description'), 'description', 'description'],
  [(h) => h.includes('quantity'), 'currentQuantity', 'quantity'],
  [(h) => h.includes('category'), 'category', 'category'],
  [(h) => h.includes('location'), 'location', 'location'],
  [(h) => h.includes('cost') && h.includes('price'), 'costPrice', 'cost and price'],
  [(h) => h.includes('price'), 'price', 'price'],
  [(h) => /\b(upc|ean|gtin|barcode)/.test(h), 'upc', 'a barcode word'],
  [(h) => /\btags?\b/.test(h), 'tags', 'tag'],
];

interface Candidate {
  index: number;
  field: ProductImportField;
  score: number;
  reason: string;
}

/** True when a folded header is a word of some product field (a synonym or a contains-rule): never a place's name. */
export function isFieldWord(folded: string): boolean {
  return PRODUCT_IMPORT_FIELDS.some((f) => FIELD_SYNONYMS[f].includes(folded)) || CONTAINS_RULES.some(([applies]) => applies(folded));
}

/** The layout whose signature the (folded) headers hold, or null. */
export function detectLayout(foldedHeaders: readonly string[]): ImportLayout | null {
  const present = new Set(foldedHeaders);
  return IMPORT_LAYOUTS.find((l) => l.signature.every((h) => present.has(h))) ?? null;
}

/**
 * Proposes the product import mapping of a file from its headers and first data rows.
 * @param fold the header folding of column-mapping.ts (passed in to keep one definition).
 */
export function proposeProductMapping(
  headers: readonly string[],
  sampleRows: readonly (readonly string[])[],
  fold: (header: string) => string,
): ProductMappingProposal {
  const folded = headers.map(fold);
  const layout = detectLayout(folded);
  const kinds = headers.map((_, i) => valueKind(sampleRows.map((r) => r[i] ?? '')));
  const label = PRODUCT_IMPORT_FIELD_LABELS;
  const candidates: Candidate[] = [];
  const ignored = new Map<number, string>();
  const exactOwn = new Map<string, ProductImportField>();
  for (const f of PRODUCT_IMPORT_FIELDS) {
    exactOwn.set(fold(f), f);
    exactOwn.set(fold(label[f]), f);
  }

  const locations: LocationColumn[] = [];
  const prefix = layout?.locationQuantityPrefix;
  if (prefix) {
    folded.forEach((h, i) => {
      if (h.startsWith(prefix) && h.length > prefix.length) {
        locations.push({ header: headers[i]!, location: headers[i]!.trim().slice(prefix.trim().length).trim() });
      }
    });
  }

  const filled = (header: string) => {
    const i = headers.indexOf(header);
    return sampleRows.filter((r) => (r[i] ?? '').trim() !== '').length;
  };
  const preferred = locations.reduce<LocationColumn | null>((best, l) => (best === null || filled(l.header) > filled(best.header) ? l : best), null);

  const stockHeaders = (layout?.stockColumns ?? []).filter((h) => folded.includes(h));
  const stock = stockHeaders.find((h) => filled(headers[folded.indexOf(h)]!) > 0) ?? stockHeaders[0];

  folded.forEach((h, i) => {
    if (h === '') return;
    const shown = headers[i]!.trim();
    const ignore = layout?.ignore?.[h] ?? (stockHeaders.includes(h) && h !== stock ? `${headers[folded.indexOf(stock!)]!.trim()} holds the stock` : undefined);
    if (ignore !== undefined) {
      ignored.set(i, `not imported: ${ignore} (${layout!.name})`);
      return;
    }
    const location = locations.find((l) => l.header === headers[i]);
    if (location !== undefined) {
      if (location === preferred) {
        candidates.push({ index: i, field: 'currentQuantity', score: 120, reason: `${shown} -> ${label.currentQuantity} (quantity at ${location.location}; choose the location)` });
      }
      return;
    }
    const fromLayout = layout?.columns[h];
    if (fromLayout !== undefined) candidates.push({ index: i, field: fromLayout, score: 110, reason: `${shown} -> ${label[fromLayout]} (${layout!.name})` });
    const own = exactOwn.get(h);
    if (own !== undefined) candidates.push({ index: i, field: own, score: 100, reason: `${shown} -> ${label[own]} (the field's name)` });
    for (const f of PRODUCT_IMPORT_FIELDS) {
      const rank = FIELD_SYNONYMS[f].indexOf(h);
      if (rank >= 0) candidates.push({ index: i, field: f, score: 90 - rank * 0.1, reason: `${shown} -> ${label[f]} (a name for ${label[f]})` });
    }
    // A related record's field (Odoo's `Product/Internal Reference`, `Product/Barcode`: no blanks
    // around the slash, unlike a section title such as `Google Shopping / MPN`): its last part.
    const path = headers[i]!.trim().split('/');
    if (path.length > 1 && path.every((part) => part !== '' && part === part.trim())) {
      const last = fold(path.at(-1)!);
      for (const f of PRODUCT_IMPORT_FIELDS) {
        const rank = FIELD_SYNONYMS[f].indexOf(last);
        if (rank >= 0) candidates.push({ index: i, field: f, score: 88 - rank * 0.1, reason: `${shown} -> ${label[f]} (${path.at(-1)} of ${path.slice(0, -1).join('/')})` });
      }
    }
    // A field's name with a qualifier in brackets: `On hand (current)`, `Price (EUR)`; never a column
    // to type a new figure into (`On hand (new)`) or a figure not kept (`(not editable)`).
    const qualified = /^(.*\S)\s*\(([^)]*)\)\s*$/s.exec(headers[i]!.trim());
    if (qualified !== null && !/\b(new|not editable|change|adjust)/i.test(qualified[2]!)) {
      const base = fold(qualified[1]!);
      for (const f of PRODUCT_IMPORT_FIELDS) {
        const rank = FIELD_SYNONYMS[f].indexOf(base);
        if (rank >= 0) candidates.push({ index: i, field: f, score: 89 - rank * 0.1, reason: `${shown} -> ${label[f]} (${qualified[1]!.trim()}, ${qualified[2]!.trim()})` });
      }
    }
    const rule = CONTAINS_RULES.find(([applies]) => applies(h));
    if (rule !== undefined) candidates.push({ index: i, field: rule[1], score: 60, reason: `${shown} -> ${label[rule[1]]} (the header contains ${rule[2]})` });
    if (kinds[i] === 'barcode') candidates.push({ index: i, field: 'upc', score: 50, reason: `${shown} -> ${label.upc} (its values are 8-14 digit codes)` });
  });

  const vetoed = (c: Candidate) => c.score < 110 && (FIELD_VETO[c.field] ?? []).includes(kinds[c.index]!);
  // A product id or tax code is no barcode even when its header says so: interpretTable checks the check digits.
  const ordered = candidates.filter((c) => !vetoed(c)).sort((a, b) => b.score - a.score || a.index - b.index);
  const byIndex = new Map<number, Candidate>();
  const used = new Set<ProductImportField>();
  for (const c of ordered) {
    if (byIndex.has(c.index) || used.has(c.field)) continue;
    byIndex.set(c.index, c);
    used.add(c.field);
  }

  const mapping: Record<string, ProductImportField> = {};
  const columns: ColumnProposal[] = headers.map((header, i) => {
    const chosen = byIndex.get(i);
    if (chosen !== undefined) {
      if (!(header in mapping)) mapping[header] = chosen.field;
      return { header, field: chosen.field, confidence: chosen.score >= 85 ? 'high' : chosen.score >= 60 ? 'medium' : 'low', reason: chosen.reason };
    }
    const vetoedOwn = candidates.find((c) => c.index === i && vetoed(c));
    const reason =
      ignored.get(i) ??
      (layout?.groupBy === folded[i] ? `not imported: groups the rows of one product (${layout!.name})` : undefined) ??
      (locations.some((l) => l.header === header)
        ? 'not imported: the quantity of another location'
        : vetoedOwn !== undefined
          ? `not imported: its values do not look like ${label[vetoedOwn.field]}`
          : candidates.some((c) => c.index === i)
            ? 'not imported: a better column holds that field'
            : 'not imported: no product field matches');
    return { header, field: null, confidence: null, reason };
  });

  const groupIndex = layout?.groupBy === undefined ? -1 : folded.indexOf(layout.groupBy);
  return { mapping, columns, layout: layout?.name ?? null, locations, groupColumn: groupIndex >= 0 ? headers[groupIndex]! : null };
}
