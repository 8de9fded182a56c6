package io.linestore.impl.format;

import io.linestore.Layout;
import java.nio.file.Path;

/**
 * Names of the files of a store directory, format version 1.
 *
 * <pre>
 * manifest.json                                  the store's description, written last
 * data.lines, data.idx                           {@link Layout#SINGLE}
 * shards/00000000.lines, shards/00000000.idx     {@link Layout#SHARDED}, shard k holds lines [k*S, (k+1)*S)
 * </pre>
 *
 * <p>Names are derived from the layout and the shard number, never read from the manifest, so a
 * damaged manifest cannot point outside the store.
 */
public final class StoreFiles {

    /** The manifest's file name. */
    public static final String MANIFEST = "manifest.json";

    /** The file name the manifest is written to before it is renamed into place. */
    public static final String MANIFEST_TEMP = "manifest.json.tmp";

    private static final String SHARDS = "shards";

    private StoreFiles() {
    }

    /**
     * The data file of a shard, relative to the store directory.
     *
     * @param layout the store's layout
     * @param shard the shard number, {@code >= 0}; 0 for {@link Layout#SINGLE}
     * @return the relative path
     */
    public static String dataFile(Layout layout, int shard) {
        return baseName(layout, shard) + ".lines";
    }

    /**
     * The index file of a shard, relative to the store directory.
     *
     * @param layout the store's layout
     * @param shard the shard number, {@code >= 0}; 0 for {@link Layout#SINGLE}
     * @return the relative path
     */
    public static String indexFile(Layout layout, int shard) {
        return baseName(layout, shard) + ".idx";
    }

    /**
     * The folder that holds the shard files, for {@link Layout#SHARDED}.
     *
     * @param storeDir the store directory
     * @return its {@code shards} folder
     */
    public static Path shardsDir(Path storeDir) {
        return storeDir.resolve(SHARDS);
    }

    private static String baseName(Layout layout, int shard) {
        return switch (layout) {
            case SINGLE -> "data";
            case SHARDED -> SHARDS + "/" + String.format("%08d", shard);
        };
    }
}
