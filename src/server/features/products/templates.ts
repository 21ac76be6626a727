/**
 * Downloadable templates (spec part 2 section 7: products_template.csv).
 * The headers are the import fields' labels, so auto-mapping maps every column.
 */
export const PRODUCTS_TEMPLATE_CSV =
  '\uFEFFSKU,Product Name,UPC,Other ID,Description,Distributor,Manufacturer,Quantity,Category,Location,Cost Price,Selling Price,Tags\r\n' +
  'ABC-123,Example Widget,012345678905,VN-1001,Blue widget 10 cm,Acme Distribution,Acme,25,Hardware,A-01,4.50,9.99,"fast-mover, seasonal"\r\n';

/** Quantity update template (spec part 2 section 7: quantity_update_template.csv); auto-maps both columns. */
export const QUANTITY_TEMPLATE_CSV = '\uFEFFSKU,Quantity\r\n' + 'ABC-123,25\r\n';
