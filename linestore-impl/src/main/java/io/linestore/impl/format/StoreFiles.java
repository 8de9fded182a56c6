package io.linestore.impl.format;

import io.linestore.Layout;
import io.linestore.impl.blocks.CheckpointTable;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Names of the files of a store directory.
 *
 * <p>Format version 2: the files of a store live in the folder of their generation, {@code gN}; the
 * manifest names the generation, and renaming a new manifest into place is the one step that commits
 * a build, a replacement or a re-index. A store path therefore always holds a whole store, and a
 * writer never rewrites a file a committed manifest names but for appending past its committed end.
 *
 * <pre>
 * manifest.json                                  the store's description and the commit point
 * write.lock                                     locked by every writer; lives as long as the store
 * gN/data.lines, gN/data.idx                     {@link Layout#SINGLE}
 * gN/shards/00000000.lines, gN/shards/00000000.idx
 *                                                {@link Layout#SHARDED}, shard k holds lines [k*S, (k+1)*S)
 * </pre>
 *
 * <p>Format version 1 (still read and appended to) has no generation folders: {@code data.lines},
 * {@code data.idx} and {@code shards/} sit in the store directory itself.
 *
 * <p>A sidecar index of a file {@code app.log} is the directory {@code app.log.lsidx} next to it,
 * holding {@code manifest.json}, {@code write.lock} and {@code gN/data.idx} ({@code data.idx} in
 * version 1); its data file is {@code app.log} itself.
 *
 * <p>Names are derived from the layout, the generation and the shard number, never read from the
 * manifest as text (but for a sidecar's file name, which must name a sibling), so a damaged manifest
 * cannot point elsewhere. Anything else a writer finds in the directory that has the shape of these
 * names, in a generation the manifest does not name, is a left-over of a writer that was killed, and
 * the next writer removes it ({@code StoreJanitor}).
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

    private static final String GENERATION_PREFIX = "g";

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
     * @param filesDir the folder of the store's files ({@link #filesDir})
     * @return its {@code shards} folder
     */
    public static Path shardsDir(Path filesDir) {
        return filesDir.resolve(SHARDS);
    }

    /**
     * The folder that holds the data and index files a manifest names.
     *
     * @param storeDir the store (or sidecar) directory
     * @param manifest its manifest
     * @return {@code storeDir/gN} in version 2, {@code storeDir} itself in version 1
     */
    public static Path filesDir(Path storeDir, Manifest manifest) {
        return manifest.version() == Manifest.VERSION_1 ? storeDir : generationDir(storeDir, manifest.generation());
    }

    /**
     * The folder of a generation's files.
     *
     * @param storeDir the store (or sidecar) directory
     * @param generation the generation, {@code >= 1}
     * @return {@code storeDir/gN}
     */
    public static Path generationDir(Path storeDir, long generation) {
        return storeDir.resolve(GENERATION_PREFIX + generation);
    }

    /**
     * The generation a folder name stands for.
     *
     * @param name a file name in a store directory
     * @return the generation, or -1 if the name is not {@code gN}
     */
    public static long generationOf(String name) {
        if (name.length() < 2 || name.length() > 19 || !name.startsWith(GENERATION_PREFIX)
                || !name.substring(1).chars().allMatch(c -> c >= '0' && c <= '9')) {
            return -1;
        }
        return Long.parseLong(name.substring(1));
    }

    /**
     * The names a version-1 store keeps in its directory besides the manifest and the lock.
     *
     * @return {@code data.lines}, {@code data.idx}, {@code shards}
     */
    public static List<String> version1Names() {
        return List.of(dataFile(Layout.SINGLE, 0), indexFile(Layout.SINGLE, 0), SHARDS);
    }

    /**
     * The first entry of a store or sidecar directory that linestore does not write there: anything but
     * the manifest (and its temporary), the lock, the files of a version-1 store, and generation folders
     * {@code gN} holding only a store's or sidecar's files. A writer that finds one does not write in
     * the directory, whose clean-up would delete it.
     *
     * @param dir the directory
     * @return the entry, or {@code null} if every entry is linestore's
     * @throws IOException if the directory cannot be listed
     */
    public static Path foreignEntry(Path dir) throws IOException {
        Set<String> top = Set.of(MANIFEST, MANIFEST_TEMP, WRITE_LOCK, dataFile(Layout.SINGLE, 0),
                indexFile(Layout.SINGLE, 0), SHARDS);
        Set<String> generation = Set.of(dataFile(Layout.SINGLE, 0), indexFile(Layout.SINGLE, 0), SHARDS,
                CheckpointTable.FILE);
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                String name = entry.getFileName().toString();
                if (generationOf(name) < 0) {
                    if (!top.contains(name)) {
                        return entry;
                    }
                    continue;
                }
                if (!Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
                    return entry;
                }
                try (DirectoryStream<Path> files = Files.newDirectoryStream(entry)) {
                    for (Path file : files) {
                        if (!generation.contains(file.getFileName().toString())) {
                            return file;
                        }
                    }
                }
            }
        }
        return null;
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
        return manifest.source() == null ? filesDir(storeDir, manifest).resolve(dataFile(manifest.layout(), shard))
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
        return filesDir(storeDir, manifest).resolve(indexFile(manifest.layout(), shard));
    }

    /**
     * The checkpoint table of a gzip or zstd file indexed in place.
     *
     * @param storeDir the sidecar directory
     * @param manifest its manifest
     * @return the table's location, or {@code null} when the manifest is not of such a file
     */
    public static CheckpointTable.Location checkpoints(Path storeDir, Manifest manifest) {
        if (!manifest.compression().inPlace()) {
            return null;
        }
        return new CheckpointTable.Location(filesDir(storeDir, manifest).resolve(CheckpointTable.FILE),
                manifest.storeId(), manifest.source().checkpointsBytes());
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

    /**
     * Refuses a path to write to inside a store or inside the index of a file in place: a store's
     * files are its own, and its next replacement or append would delete or overwrite what was
     * written among them.
     *
     * @param path the store directory to build, or the file to index
     * @param what what {@code path} is, for the message: "store directory", "file"
     * @throws IllegalArgumentException naming the path and the store it is inside
     */
    public static void refuseInsideStore(Path path, String what) {
        Path absolute = path.toAbsolutePath().normalize();
        for (Path dir = absolute.getParent(); dir != null; dir = dir.getParent()) {
            if (Files.exists(dir.resolve(MANIFEST))) {
                throw new IllegalArgumentException(what + " " + path + " is inside the store " + dir
                        + (dir.getFileName() != null && dir.getFileName().toString().endsWith(SIDECAR_SUFFIX)
                        ? " (an index of a file in place)" : "") + "; not writing there");
            }
        }
    }

    private static String baseName(Layout layout, int shard) {
        return switch (layout) {
            case SINGLE -> "data";
            case SHARDED -> SHARDS + "/" + String.format(Locale.ROOT, "%08d", shard);
        };
    }
}
