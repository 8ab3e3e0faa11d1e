import { defaultCategories } from "../../../domain/catalogue/default-catalogue";

/** Spec §2: the home grid shows these five, each linking to /price/{name}. */
export function homeCategories() {
  return defaultCategories.map(({ name, label, imgurl }) => ({ name, label, imgurl }));
}
