// A SQLite database with the default content and a catalogue grown to a given size, written through
// the project's own migrations, seed and repository so the rows are what the admin screens would store.
import { CATEGORIES } from "../domain/catalogue/catalogue";
import { priceInputSchema } from "../domain/catalogue/schemas";
import { systemClock } from "../server/db/clock";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { seedDefaultContent } from "../server/db/seed";
import { defaultCatalogue } from "../domain/catalogue/default-catalogue";
import { createCatalogueRepository } from "../server/modules/catalogue/repository";

const WORDS = ["Prime", "Plus", "Max", "Ultra", "Family", "Student", "Pro", "Lite", "Gold", "Duo"];

export async function createCatalogueDatabase(file: string, itemCount: number): Promise<void> {
  const database = openDatabase({ kind: "sqlite", path: file });
  try {
    await migrateToLatest(database.db);
    await seedDefaultContent(database.db, systemClock);
    const repository = createCatalogueRepository();
    const now = new Date().toISOString();
    await database.db.transaction().execute(async (trx) => {
      for (let i = defaultCatalogue.length; i < itemCount; i++) {
        const template = defaultCatalogue[i % defaultCatalogue.length]!;
        const base = 100 + ((i * 37) % 40) * 25;
        const item = priceInputSchema.parse({
          Id: String(1000 + i),
          Name: `${template.Name} ${WORDS[i % WORDS.length]} ${i}`,
          ImageId: template.ImageId,
          Category: CATEGORIES[i % CATEGORIES.length],
          Info: template.Info,
          plans: i % 9 === 0 ? {} : { "1": base, "3": base * 3 - 50, "6": base * 6 - 150, "12": base * 12 - 400 },
          Note: template.Note,
          Status: i % 2 ? "shared" : "private",
          SpecialLink: template.SpecialLink,
        });
        await repository.insert(trx, item, now);
      }
    });
  } finally {
    await database.close();
  }
}
