package io.linestore.impl.build;

import io.linestore.Compression;
import io.linestore.CorruptStoreException;
import io.linestore.Layout;
import io.linestore.IndexOptions;
import io.linestore.IndexSummary;
import io.linestore.StoreLockedException;
import io.linestore.WriteOptions;
import io.linestore.UnsupportedFormatException;
import io.linestore.VerifyReport;
import io.linestore.IndexKind;
import io.linestore.impl.blocks.BlockCache;
import io.linestore.impl.blocks.CheckpointTable;
import io.linestore.impl.blocks.CompressedBytes;
import io.linestore.impl.format.Checksums;
import io.linestore.impl.format.DataFileIdentity;
import io.linestore.impl.format.FileStamp;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.ShardEntry;
import io.linestore.impl.format.SourceCheck;
import io.linestore.impl.format.StoreFiles;
import io.linestore.impl.index.IndexFormat;
import io.linestore.impl.index.IndexFiles;
import io.linestore.impl.gzip.GzipCheckpointer;
import io.linestore.impl.gzip.GzipSpans;
import io.linestore.impl.io.ChannelChunks;
import io.linestore.impl.io.ChunkSource;
import io.linestore.impl.verify.StoreVerifier;
import java.nio.ByteBuffer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.zip.DataFormatException;

/**
 * Indexes a text file in place: writes {@code FILE.lsidx/} (manifest and index) and never touches the
 * file. Indexes only the new tail of a file that grew, including the continuation of a last line that
 * had no {@code \n}; indexes a file that changed otherwise, or with another index kind, from the start
 * into a new generation, which replaces the old index only when its manifest is renamed into place
 * (until then the old index stays valid). Indexes the bytes present when it starts: a file still
 * being written is indexed up to there, its partial last line included. An index that fails gives back
 * what it wrote; a first one, the sidecar directory and its lock file too, so that the file reads as
 * one never indexed.
 */
public final class SidecarIndexer {

    private SidecarIndexer() {
    }

    /**
     * Starts what indexing a gzip file needs first (linking zlib) on a thread of its own; does nothing
     * for other files, or one that cannot be read (indexing reports it).
     *
     * @param file the file about to be indexed
     */
    public static void prepare(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            if ("gzip".equals(codecOf(channel))) {
                GzipCheckpointer.prepare();
            }
        } catch (IOException | RuntimeException e) {
            // Indexing opens the file again and reports what is wrong.
        }
    }

    /**
     * Indexes a file, or brings its index up to date.
     *
     * @param file the text file
     * @param options index kind and AUTO threshold
     * @param write buffer size, fsync, progress
     * @return the lines and bytes indexed, and the bytes read this time
     * @throws IllegalArgumentException if {@code file} is not a regular file
     * @throws io.linestore.StoreLockedException if another writer is indexing the file
     * @throws UncheckedIOException if reading or writing fails
     */
    @SuppressWarnings("try") // the write lock is held across the block, not used in it
    public static IndexSummary index(Path file, IndexOptions options, WriteOptions write) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("not a regular file: " + file);
        }
        long started = System.nanoTime();
        StoreFiles.refuseInsideStore(file, "file");
        Path sidecar = StoreFiles.sidecarDir(file);
        refuseForeign(sidecar, file);
        refuseStoreAt(sidecar, file);
        boolean created = !Files.exists(sidecar);
        try {
            Files.createDirectories(sidecar);
            try (WriteLock lock = WriteLock.acquire(sidecar.resolve(StoreFiles.WRITE_LOCK))) {
                return indexLocked(file, sidecar, options, write, started);
            }
        } catch (IOException e) {
            StoreJanitor.removeCreated(sidecar, created, e);
            throw new UncheckedIOException("cannot index " + file + ": " + e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            if (!(e instanceof StoreLockedException)) {
                StoreJanitor.removeCreated(sidecar, created, e);
            }
            throw e;
        }
    }

    /**
     * Indexes under the sidecar's write lock. A failure that leaves no manifest (a first index, or one
     * after an index that was killed) removes the lock file too, while the lock is held, as a failed
     * first build does: a sidecar that indexes nothing is no sidecar.
     */
    private static IndexSummary indexLocked(Path file, Path sidecar, IndexOptions options, WriteOptions write,
            long started) throws IOException {
        // The stamp before the bytes: a change made while they are read shows at the next check.
        FileStamp stamp = FileStamp.settled(file);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            StoreJanitor.reclaim(sidecar);
            Plan plan = plan(file, sidecar, stamp);
            Manifest old = plan.old;
            String codec = codecOf(channel);
            IndexKind kind = options.indexFor(codec != null);
            Compression compression = codec == null ? Compression.NONE : Compression.inPlace(codec, options.spanBytes());
            boolean sameKind = old != null && old.index().equals(kind) && old.compression().equals(compression);
            if (sameKind && plan.state == SourceCheck.State.FRESH) {
                if (plan.restamped) {
                    // Its bytes are the ones indexed: only the stamp the manifest knows it by is new.
                    ManifestCodec.publish(sidecar, old.withShards(old.shards(), old.source().withStamp(stamp)),
                            write.fsync());
                }
                return summary(old, plan.restamped ? old.dataBytes() : 0, plan.why, started);
            }
            // A text file that grew, or a gzip file that grew by whole members, is indexed from where its
            // index ends; a zstd file that grew is indexed anew.
            boolean grown = sameKind && plan.state == SourceCheck.State.GROWN && old.lineCount() > 0
                    && (codec == null || codec.equals("gzip"));
            Manifest manifest;
            try {
                manifest = !grown
                        ? rebuild(file, sidecar, channel, stamp, old, kind, options.autoThresholdBytes(), compression,
                                write)
                        : codec == null ? extend(file, sidecar, channel, stamp, old, write)
                        : extendCompressed(file, sidecar, channel, stamp, old, write);
                if (write.fsync()) {
                    // The sidecar is an entry of the file's directory: without this, a power cut
                    // could lose the index this run commits, however well its own files are forced.
                    ManifestCodec.forceDirectory(sidecar.toAbsolutePath().getParent());
                }
                ManifestCodec.publish(sidecar, manifest, write.fsync());
            } catch (IOException | RuntimeException | Error e) {
                StoreJanitor.reclaimAfter(sidecar, e);
                throw e;
            }
            if (grown && manifest.index().stride() > 0) {
                IndexFiles.commitHeader(manifest.index(), StoreFiles.indexPath(sidecar, manifest, 0),
                        IndexFormat.Identity.of(manifest, 0), manifest.lineCount(), manifest.indexBytes(),
                        write.fsync());
            }
            if (manifest.generation() != (old == null ? -1 : old.generation())) {
                StoreJanitor.reclaimQuietly(sidecar);
            }
            long read = grown ? manifest.dataBytes() - old.dataBytes() + (plan.restamped ? old.dataBytes() : 0)
                    : manifest.dataBytes();
            return summary(manifest, read, plan.why, started);
        } catch (IOException | RuntimeException | Error e) {
            if (!Files.exists(sidecar.resolve(StoreFiles.MANIFEST))) {
                StoreJanitor.deleteQuietly(sidecar.resolve(StoreFiles.WRITE_LOCK), e);
            }
            throw e;
        }
    }

    /**
     * What to make of the sidecar there is: the manifest to keep or extend, with the file's state
     * against it, or none (index anew) and why. A sidecar is kept only when its own files pass their
     * checks, and a file modified or replaced at the same size only once all its indexed bytes are
     * checked.
     *
     * @param old the manifest to keep or extend; {@code null} to index anew
     * @param state the file's state against {@code old}
     * @param restamped whether the file's stamp changed while its indexed bytes did not
     * @param why why the index is made anew though there was one; empty when it is not
     */
    private record Plan(Manifest old, SourceCheck.State state, boolean restamped, String why) {
    }

    private static Plan plan(Path file, Path sidecar, FileStamp stamp) throws IOException {
        if (!Files.exists(sidecar.resolve(StoreFiles.MANIFEST))) {
            return new Plan(null, null, false, "");
        }
        Manifest old;
        try {
            old = ManifestCodec.read(sidecar);
        } catch (CorruptStoreException | UnsupportedFormatException e) {
            return new Plan(null, null, false, "its index could not be read: " + e.getMessage());
        }
        if (old.source() == null) {
            return new Plan(null, null, false, "");
        }
        SourceCheck.Result result = SourceCheck.check(file, old, stamp);
        SourceCheck.State state = result.state();
        boolean restamped = state == SourceCheck.State.RESTAMPED;
        if (restamped) {
            String differs = SourceCheck.holdsIndexedBytes(file, old);
            if (differs != null) {
                return new Plan(null, null, false, result.change() + ", and " + differs);
            }
            state = stamp.size() == old.dataBytes() ? SourceCheck.State.FRESH : SourceCheck.State.GROWN;
        } else if (state == SourceCheck.State.CHANGED) {
            return new Plan(null, null, false, result.change());
        }
        List<VerifyReport.Problem> damage = StoreVerifier.verifySidecar(sidecar, old).problems();
        if (!damage.isEmpty()) {
            return new Plan(null, null, false, "its index is damaged: " + damage.getFirst());
        }
        return new Plan(old, state, restamped, "");
    }

    /**
     * Indexes the whole file anew, into a new generation: the old index stays whole, and in use, until
     * the caller publishes the new manifest.
     */
    private static Manifest rebuild(Path file, Path sidecar, FileChannel channel, FileStamp stamp, Manifest old,
            IndexKind kind, long autoThresholdBytes, Compression compression, WriteOptions write) throws IOException {
        Manifest empty = Manifest.empty(StoreJanitor.nextGeneration(sidecar, old), Layout.SINGLE,
                kind, Long.MAX_VALUE, autoThresholdBytes, compression);
        Path files = Files.createDirectory(StoreFiles.filesDir(sidecar, empty));
        Path indexFile = files.resolve(StoreFiles.indexFile(Layout.SINGLE, 0));
        Manifest manifest = compression.inPlace()
                ? indexCompressed(file, channel, stamp, indexFile, files, empty, ShardEntry.EMPTY, null, write)
                : index(file, channel, stamp, indexFile, empty, ShardEntry.EMPTY, 0, write);
        forceDirectories(files, sidecar, write);
        return manifest;
    }

    private static void forceDirectories(Path files, Path sidecar, WriteOptions write) throws IOException {
        if (write.fsync()) {
            ManifestCodec.forceDirectory(files);
            ManifestCodec.forceDirectory(sidecar);
        }
    }

    /**
     * Indexes the members a gzip file grew by, into a new generation that starts as a copy of the old
     * one's checkpoints and line index (the index's header names its generation, so the old file
     * cannot be continued in place under its readers).
     */
    private static Manifest extendCompressed(Path file, Path sidecar, FileChannel channel, FileStamp stamp,
            Manifest old, WriteOptions write) throws IOException {
        Manifest base = Manifest.empty(StoreJanitor.nextGeneration(sidecar, old), Layout.SINGLE, old.index(),
                Long.MAX_VALUE, old.autoThresholdBytes(), old.compression());
        Path files = Files.createDirectory(StoreFiles.filesDir(sidecar, base));
        Path indexFile = files.resolve(StoreFiles.indexFile(Layout.SINGLE, 0));
        ShardEntry committed = old.shards().getFirst();
        if (old.index().stride() > 0) {
            Files.copy(StoreFiles.indexPath(sidecar, old, 0), indexFile);
            IndexFiles.commitHeader(old.index(), indexFile, IndexFormat.Identity.of(base, 0), committed.lines(),
                    committed.indexBytes(), false);
        }
        Manifest manifest;
        try (CheckpointTable table = StoreFiles.checkpoints(sidecar, old).open(committed.textBytes(),
                committed.dataBytes())) {
            manifest = indexCompressed(file, channel, stamp, indexFile, files, base, committed, table, write);
        }
        forceDirectories(files, sidecar, write);
        return manifest;
    }

    /** Indexes the bytes after the indexed ones, continuing the index and the checksums. */
    private static Manifest extend(Path file, Path sidecar, FileChannel channel, FileStamp stamp, Manifest old,
            WriteOptions write) throws IOException {
        ShardEntry committed = old.shards().getFirst();
        int unterminated = SourceCheck.endsInsideLine(channel, committed.dataBytes()) ? 1 : 0;
        return index(file, channel, stamp, StoreFiles.indexPath(sidecar, old, 0), old, committed, unterminated,
                write);
    }

    /** The last byte of the text a gzip file's checkpoints cover, decoded from the last of them. */
    private static byte lastTextByte(Path file, FileChannel channel, CheckpointTable table) throws IOException {
        int block = table.blocks() - 1;
        while (table.textStart(block) == table.textStart(block + 1)) {
            block--; // an empty member at the end; the text before it is not empty
        }
        long from = table.fileFrom(block);
        ByteBuffer compressed = ByteBuffer.allocate(Math.toIntExact(table.fileTo(block) - from));
        ChannelChunks.readFully(channel, compressed, from, file);
        byte[] text = new byte[Math.toIntExact(table.textStart(block + 1) - table.textStart(block))];
        try {
            new GzipSpans(table, new BlockCache(0)).decode(block, compressed.array(), compressed.capacity(), text);
        } catch (DataFormatException e) {
            throw new IOException("its gzip data before byte " + table.fileTo(block) + " changed since it was indexed ("
                    + e.getMessage() + "); delete " + StoreFiles.sidecarDir(file) + " and index it again", e);
        }
        return text[text.length - 1];
    }

    /** Indexes the file's bytes up to the size its stamp gives: bytes written since are left for the next run. */
    private static Manifest index(Path file, FileChannel channel, FileStamp stamp, Path indexFile, Manifest base,
            ShardEntry committed, int unterminated, WriteOptions write) throws IOException {
        long size = stamp.size();
        ShardEntry entry;
        try (ShardWriter writer = ShardWriter.indexOnly(indexFile, base.index(),
                IndexFormat.Identity.of(base, 0), write.writeBufferSize(), write.fsync(), committed, unterminated)) {
            LineFeeder feeder = new LineFeeder(writer, write.writeBufferSize(), unterminated == 0, write.progress());
            feeder.feed(ChunkSource.of(channel, file, committed.dataBytes(), size));
            entry = writer.finish(feeder.endsInsideLine() ? 1 : 0);
        }
        return base.withShards(List.of(entry), SourceCheck.identify(file, channel, size, stamp));
    }

    /**
     * Indexes a gzip or zstd file: decodes it once, writing the line index of its text and the
     * checkpoints a read starts decoding at. The shard's data is the compressed file (its size and
     * CRC32C), its text the decoded bytes. With {@code before}, the table of the gzip file as it was
     * indexed into {@code indexed}, only the members after the bytes it covers are decoded, continuing
     * its checkpoints and the line index already copied to {@code indexFile}.
     */
    private static Manifest indexCompressed(Path file, FileChannel channel, FileStamp stamp, Path indexFile,
            Path files, Manifest base, ShardEntry indexed, CheckpointTable before, WriteOptions write)
            throws IOException {
        long size = stamp.size();
        byte last = before == null ? (byte) '\n' : lastTextByte(file, channel, before);
        // The line index counts in text bytes: continue it from the text's end, not the file's.
        ShardEntry committed = new ShardEntry(indexed.lines(), indexed.textBytes(), 0, indexed.indexBytes(),
                indexed.indexCrc32c(), 0, indexed.textBytes(), indexed.loneNewlines());
        long from = indexed.dataBytes();
        DecodedTextIndexer.Indexed result = DecodedTextIndexer.indexCompressed(file, CompressedBytes.of(channel, file),
                from, size, base, files.resolve(CheckpointTable.FILE), before, indexFile, committed, last != '\n',
                write);
        long crc = Checksums.combine(indexed.dataCrc32c(), result.decodedCrc32c(), size - from);
        ShardEntry entry = result.entry(size, crc,
                Checksums.crc32c(channel, file, 0, Math.min(size, DataFileIdentity.HEAD_BYTES)));
        return base.withShards(List.of(entry), SourceCheck.identify(file, channel, size, stamp)
                .withCheckpoints(result.checkpointsBytes(), result.checkpointsCrc32c(), result.endsInsideLine()));
    }

    /** The codec whose magic number starts the file, or {@code null} for text. */
    private static String codecOf(FileChannel channel) throws IOException {
        ByteBuffer head = ByteBuffer.allocate(CompressedInput.MAGIC_BYTES);
        while (head.hasRemaining() && channel.read(head, head.position()) > 0) {
            // reads until the magic's bytes are in or the file ends
        }
        return CompressedInput.codecOf(head.array(), head.position());
    }

    /**
     * Refuses to index into a {@code FILE.lsidx} that linestore did not make: a symbolic link, or a
     * folder holding anything it does not write there, which cleaning up the sidecar would delete.
     */
    private static void refuseForeign(Path sidecar, Path file) {
        String why;
        try {
            Path foreign = Files.isSymbolicLink(sidecar) ? sidecar
                    : Files.isDirectory(sidecar, LinkOption.NOFOLLOW_LINKS) ? StoreFiles.foreignEntry(sidecar) : null;
            why = foreign == null ? null : foreign.equals(sidecar) ? sidecar + " is a symbolic link"
                    : sidecar + " holds " + sidecar.relativize(foreign) + ", which linestore does not write";
        } catch (IOException e) {
            throw new UncheckedIOException("cannot index " + file + ": cannot list " + sidecar + ": " + e.getMessage(),
                    e);
        }
        if (why != null) {
            throw new IllegalArgumentException(why + "; not indexing " + file + " there: move it away and index again");
        }
    }

    /**
     * Refuses to index over a store (a manifest without a source file) found where the index
     * belongs, before anything there is cleaned up: it is someone's store, not a stale index.
     */
    private static void refuseStoreAt(Path sidecar, Path file) {
        if (Files.exists(sidecar.resolve(StoreFiles.MANIFEST))) {
            Manifest manifest;
            try {
                manifest = ManifestCodec.read(sidecar);
            } catch (CorruptStoreException | UnsupportedFormatException e) {
                return;
            }
            if (manifest.source() == null) {
                throw new IllegalArgumentException(sidecar + " holds a store, not the index of " + file
                        + "; move it away to index the file");
            }
        }
    }

    private static IndexSummary summary(Manifest manifest, long read, String rebuiltBecause, long started) {
        return new IndexSummary(manifest.lineCount(), manifest.dataBytes(), read,
                Duration.ofNanos(System.nanoTime() - started), rebuiltBecause);
    }
}
