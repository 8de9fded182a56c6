package io.linestore.impl.format;

import io.linestore.Compression;
import io.linestore.IndexKind;
import io.linestore.Layout;
import io.linestore.StoreInfo;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A store's {@code manifest.json}: what the store holds and the checksum of every file. A store
 * exists once its manifest does; it is written last (see {@link ManifestCodec#publish}).
 *
 * @param format always {@value #FORMAT}
 * @param version the format version: {@value #VERSION}, {@value #VERSION_COMPRESSED} for a compressed
 *     store (so that code which predates compression refuses it rather than read its blocks as text),
 *     or {@value #VERSION_1} for a store written before generations (its files sit directly in the
 *     store directory, see {@link StoreFiles})
 * @param generation the generation whose files the store reads, {@code >= 1}: each build, replacement
 *     or re-index writes a new one; 0 in a version-1 store
 * @param storeId a random number drawn for each generation, written into every index header too, so
 *     that a file of another store or generation is recognised on open; 0 in a version-1 store
 * @param layout single file or shards
 * @param lineCount lines in the store, the sum of the shards' lines
 * @param dataBytes bytes of all data files (compressed, when the store is)
 * @param indexBytes bytes of all index files
 * @param index how the shards' index files find lines: dense, sparse by stride, none, or (version 2
 *     only) compact
 * @param linesPerShard lines in every shard but the last; {@link Long#MAX_VALUE} for
 *     {@link Layout#SINGLE}
 * @param autoThresholdBytes the range size at which {@code AUTO} reads switch from the mapping to
 *     the channel
 * @param shards one entry per shard, in order
 * @param source for a sidecar index, the indexed file; {@code null} for a store directory
 * @param compression how the data files are compressed; {@link Compression#NONE} below version
 *     {@value #VERSION_COMPRESSED}
 */
public record Manifest(
        String format,
        int version,
        long generation,
        long storeId,
        Layout layout,
        long lineCount,
        long dataBytes,
        long indexBytes,
        IndexKind index,
        long linesPerShard,
        long autoThresholdBytes,
        List<ShardEntry> shards,
        SourceFile source,
        Compression compression) {

    /** The value of {@code format}. */
    public static final String FORMAT = "linestore";

    /** The format version this code writes. */
    public static final int VERSION = 2;

    /** The version of a compressed store: what {@link #VERSION} is, with {@code compression}. */
    public static final int VERSION_COMPRESSED = 3;

    /** The version before generations, still read and appended to. */
    public static final int VERSION_1 = 1;

    /**
     * Copies the shard list.
     */
    public Manifest {
        shards = shards == null ? null : List.copyOf(shards);
        compression = compression == null ? Compression.NONE : compression;
    }

    /**
     * A copy with other shards and totals, for a store that grew.
     *
     * @param newShards the shards
     * @param newSource the source file, for a sidecar; {@code null} otherwise
     * @return the new manifest
     */
    public Manifest withShards(List<ShardEntry> newShards, SourceFile newSource) {
        return new Manifest(format, version, generation, storeId, layout, newShards.stream().mapToLong(ShardEntry::lines).sum(),
                newShards.stream().mapToLong(ShardEntry::dataBytes).sum(),
                newShards.stream().mapToLong(ShardEntry::indexBytes).sum(), index, linesPerShard,
                autoThresholdBytes, newShards, newSource, compression);
    }

    /**
     * An empty store of the current version: no shards yet.
     *
     * @param generation the generation its files are written in
     * @param layout single file or shards
     * @param index the index kind
     * @param linesPerShard lines per shard; {@link Long#MAX_VALUE} for {@link Layout#SINGLE}
     * @param autoThresholdBytes the {@code AUTO} threshold
     * @param compression how the data files are compressed
     * @return the manifest, with a fresh random {@code storeId}
     */
    public static Manifest empty(long generation, Layout layout, IndexKind index, long linesPerShard,
            long autoThresholdBytes, Compression compression) {
        long storeId;
        do {
            storeId = StoreIds.next();
        } while (storeId == 0);
        return new Manifest(FORMAT, compression.compressed() ? VERSION_COMPRESSED : VERSION, generation, storeId,
                layout, 0, 0, 0, index, linesPerShard, autoThresholdBytes, List.of(), null, compression);
    }

    /**
     * A copy for the next generation of the same store: same shape, no shards, a fresh {@code storeId}.
     *
     * @param newGeneration the generation, greater than every one in use
     * @return the manifest
     */
    public Manifest nextGeneration(long newGeneration) {
        return empty(newGeneration, layout, index, linesPerShard, autoThresholdBytes, compression);
    }

    /**
     * Whether this manifest commits a different store or generation than {@code other} (a
     * replacement), rather than the same one with more lines (an append).
     *
     * @param other another manifest of the same path
     * @return {@code true} if the files of one are not the files of the other
     */
    public boolean replaces(Manifest other) {
        return version != other.version || generation != other.generation || storeId != other.storeId;
    }

    /**
     * Lines per index entry, as the manifest's {@code indexStride} field records it.
     *
     * @return 0 none, 1 compact or dense, {@code K > 1} sparse
     */
    public int indexStride() {
        return index.stride();
    }

    /**
     * Describes the store.
     *
     * @return the public description
     */
    public StoreInfo info() {
        // A compressed file's checkpoints are part of its index.
        long checkpoints = source == null ? 0 : source.checkpointsBytes();
        return new StoreInfo(version, layout, lineCount, dataBytes, textBytes(), indexBytes + checkpoints, index,
                linesPerShard, shards.size(), compression, shards.stream().allMatch(ShardEntry::loneNewlines));
    }

    /**
     * Bytes of the lines as stored, uncompressed.
     *
     * @return the sum of the shards' {@link ShardEntry#textBytes()}
     */
    public long textBytes() {
        return shards.stream().mapToLong(ShardEntry::textBytes).sum();
    }

    /**
     * Store ids: 64 random bits that tell stores and generations apart (they guard no secret). They
     * come from the operating system's random source where it has one as a file, as Lucene's ids do:
     * setting up a {@code SecureRandom} costs a writing command 50 to 70 ms. Elsewhere, a generator
     * seeded from the clock, the process id and the object's identity.
     */
    private static final class StoreIds {

        private static final Path URANDOM = Path.of("/dev/urandom");

        private StoreIds() {
        }

        static long next() {
            try (InputStream in = Files.newInputStream(URANDOM)) {
                return ByteBuffer.wrap(in.readNBytes(Long.BYTES)).getLong();
            } catch (IOException | RuntimeException e) {
                synchronized (Fallback.RANDOM) {
                    return Fallback.RANDOM.nextLong();
                }
            }
        }

        /** Made only where there is no random file. */
        private static final class Fallback {
            static final SplittableRandom RANDOM = new SplittableRandom(System.nanoTime()
                    ^ Long.rotateLeft(System.currentTimeMillis(), 21) ^ Long.rotateLeft(ProcessHandle.current().pid(), 42)
                    ^ System.identityHashCode(new Object()));
        }
    }
}
