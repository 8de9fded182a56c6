package io.linestore.impl.format;

import io.linestore.Layout;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Names of the files of a store directory, format versions 1 and 2 (the same names; version 2
 * names the index kind in the manifest).
 *
 * <pre>
 * manifest.json                                  the store's description, written last
 * data.lines, data.idx                           {@link Layout#SINGLE}
 * shards/00000000.lines, shards/00000000.idx     {@link Layout#SHARDED}, shard k holds lines [k*S, (k+1)*S)
 * </pre>
 *
 * <p>A sidecar index of a file {@code app.log} is the directory {@code app.log.lsidx} next to it,
 * holding {@code manifest.json} and {@code data.idx}; its data file is {@code app.log} itself.
 *
 * <p>Names are derived from the layout and the shard number, never read from the manifest (but for a
 * sidecar's file name, which must name a sibling), so a damaged manifest cannot point elsewhere.
 */
public final class StoreFiles {

    /** The manifest's file name. */
    public static final String MANIFEST = "manifest.json";

    /** The file name the manifest is written to before it is renamed into place. */
    public static final String MANIFEST_TEMP = "manifest.json.tmp";

    /** The name a sidecar index directory adds to its file's name. */
    public static final String SIDECAR_SUFFIX = ".lsidx";

    /** The lock file that admits one writer at a time. */
    public static final String WRITE_LOCK = "write.lock";

    /** Bytes at the head and at the tail of a sidecar's file whose checksums detect a change. */
    public static final int PROBE_BYTES = 64 << 10;

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

    /**
     * The data file of a shard of a store or sidecar.
     *
     * @param storeDir the store (or sidecar) directory
     * @param manifest its manifest
     * @param shard the shard number
     * @return the path
     */
    public static Path dataPath(Path storeDir, Manifest manifest, int shard) {
        return manifest.source() == null ? storeDir.resolve(dataFile(manifest.layout(), shard))
                : storeDir.resolveSibling(manifest.source().name());
    }

    /**
     * The index file of a shard of a store or sidecar.
     *
     * @param storeDir the store (or sidecar) directory
     * @param manifest its manifest
     * @param shard the shard number
     * @return the path
     */
    public static Path indexPath(Path storeDir, Manifest manifest, int shard) {
        return storeDir.resolve(indexFile(manifest.layout(), shard));
    }

    /**
     * The sidecar directory of a file.
     *
     * @param file the indexed file
     * @return {@code file} + {@value #SIDECAR_SUFFIX}, next to it
     */
    public static Path sidecarDir(Path file) {
        return file.resolveSibling(file.getFileName() + SIDECAR_SUFFIX);
    }

    private static String baseName(Layout layout, int shard) {
        return switch (layout) {
            case SINGLE -> "data";
            case SHARDED -> SHARDS + "/" + String.format(Locale.ROOT, "%08d", shard);
        };
    }
}
