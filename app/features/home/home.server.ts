import { defaultCategories } from "../../../domain/catalogue/default-catalogue";

/** The home grid shows these five, each linking to /price/{name}. */
export function homeCategories() {
  return defaultCategories.map(({ name, label, imgurl }) => ({ name, label, imgurl }));
}
