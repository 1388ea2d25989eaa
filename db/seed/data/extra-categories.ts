/**
 * Subcategories added to the tree of data.ts so that every top category has at least three. Their
 * ids are explicit (from 171, after the ones data.ts numbers from 100 in order), so no existing id
 * moves. The demo data's showcase never uses them.
 */
export const EXTRA_SUBCATEGORIES: { id: number; parent: number; name: string; urlname: string }[] = [
  { id: 171, parent: 2, name: "Страхование, ОСАГО", urlname: "car-insurance" },
  { id: 172, parent: 4, name: "Мясные блюда", urlname: "meat" },
  { id: 173, parent: 4, name: "Салаты и закуски", urlname: "salads" },
  { id: 174, parent: 4, name: "Десерты", urlname: "desserts" },
  { id: 175, parent: 10, name: "Другие питомцы", urlname: "other-pets" },
  { id: 176, parent: 12, name: "Семейное право", urlname: "family-law" },
  { id: 177, parent: 12, name: "Наследство", urlname: "inheritance" },
  { id: 178, parent: 14, name: "Математика", urlname: "mathematics" },
  { id: 179, parent: 14, name: "Химия", urlname: "chemistry" },
  { id: 180, parent: 16, name: "Фотография", urlname: "photo" },
  { id: 181, parent: 16, name: "Музеи, архитектура", urlname: "museums" },
  { id: 182, parent: 17, name: "Волосы, причёски", urlname: "hair" },
  { id: 183, parent: 17, name: "Макияж", urlname: "makeup" },
  { id: 184, parent: 17, name: "Похудение", urlname: "weight" },
  { id: 185, parent: 20, name: "Выбор гаджетов", urlname: "gadgets" },
  { id: 186, parent: 20, name: "Бытовые услуги", urlname: "services" },
  { id: 187, parent: 20, name: "Мебель", urlname: "furniture" },
];
