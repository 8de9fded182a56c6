package io.linestore.impl.verify;

import io.linestore.CorruptStoreException;
import io.linestore.UnsupportedFormatException;
import io.linestore.VerifyReport;
import io.linestore.impl.format.Checksums;
import io.linestore.impl.format.DataFileIdentity;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ShardEntry;
import io.linestore.impl.format.StoreFiles;
import io.linestore.impl.index.IndexFormat;
import io.linestore.impl.index.IndexFiles;
import io.linestore.impl.index.LineIndex;
import io.linestore.impl.io.ChannelChunks;
import io.linestore.impl.io.ChunkSink;
import io.linestore.impl.io.LineEnds;
import io.linestore.impl.read.FileChannelRangeReader;
import io.linestore.impl.read.RangeReader;
import io.linestore.impl.zstd.ZstdContexts;
import io.linestore.impl.blocks.BlockCache;
import io.linestore.impl.gzip.GzipSpans;
import io.linestore.impl.blocks.BlockReader;
import io.linestore.impl.blocks.CheckpointTable;
import io.linestore.impl.read.CompressedText;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Checks a whole store against its manifest: each file's size and CRC32C, each data file's identity
 * (the CRC32C of its head, {@link DataFileIdentity}), line count and final {@code \n}, and that every
 * index entry is the offset of the line it stands for. Reads each data file once; a compressed one
 * twice, once for the checksum of its bytes and once decompressing every block. Reports every
 * problem rather than stopping at the first (at most {@value #MAX_ENTRY_PROBLEMS} wrong entries per
 * index, then a count).
 */
public final class StoreVerifier {

    private static final int MAX_ENTRY_PROBLEMS = 5;
    private static final int READ_BUFFER = 1 << 20;

    private final Path dir;
    private final Manifest manifest;
    private final boolean unterminatedEnd;
    private final List<VerifyReport.Problem> problems = new ArrayList<>();

    private StoreVerifier(Path dir, Manifest manifest, boolean unterminatedEnd) {
        this.dir = dir;
        this.manifest = manifest;
        this.unterminatedEnd = unterminatedEnd;
    }

    /**
     * Verifies a store.
     *
     * @param dir the store directory
     * @param manifest its manifest, already read and checked
     * @param unterminatedEnd whether the last shard's last line has no {@code \n} (a file indexed in
     *     place may end so)
     * @return every problem found
     */
    public static VerifyReport verify(Path dir, Manifest manifest, boolean unterminatedEnd) {
        StoreVerifier verifier = new StoreVerifier(dir, manifest, unterminatedEnd);
        verifier.verifyCheckpoints(StoreFiles.checkpoints(dir, manifest));
        for (int k = 0; k < manifest.shards().size(); k++) {
            verifier.verifyShard(k, manifest.shards().get(k));
        }
        return new VerifyReport(verifier.problems);
    }

    /**
     * Verifies what a sidecar holds, without the file it indexes: every index file's size, header and
     * the CRC32C of its entries, and the checkpoint table's size and CRC32C. Reads the sidecar once,
     * which costs a fraction of reading the file; {@code index} runs it before it keeps a sidecar.
     *
     * @param sidecar the sidecar directory
     * @param manifest its manifest, already read and checked
     * @return every problem found
     */
    public static VerifyReport verifySidecar(Path sidecar, Manifest manifest) {
        StoreVerifier verifier = new StoreVerifier(sidecar, manifest, true);
        verifier.verifyCheckpoints(StoreFiles.checkpoints(sidecar, manifest));
        if (manifest.indexStride() > 0) {
            for (int k = 0; k < manifest.shards().size(); k++) {
                Path indexFile = StoreFiles.indexPath(sidecar, manifest, k);
                try (Arena arena = Arena.ofConfined()) {
                    verifier.verifyIndexFile(indexFile, verifier.name(indexFile), IndexFormat.Identity.of(manifest, k),
                            manifest.shards().get(k), arena);
                }
            }
        }
        return new VerifyReport(verifier.problems);
    }

    private void verifyShard(int number, ShardEntry shard) {
        Path data = StoreFiles.dataPath(dir, manifest, number);
        Path indexFile = StoreFiles.indexPath(dir, manifest, number);
        boolean openEnd = unterminatedEnd && number == manifest.shards().size() - 1;
        try (Arena arena = Arena.ofConfined()) {
            LineIndex index = manifest.indexStride() == 0 ? null
                    : verifyIndexFile(indexFile, name(indexFile), IndexFormat.Identity.of(manifest, number), shard,
                            arena);
            verifyData(data, name(data), name(indexFile), number, shard, index, openEnd);
        }
    }

    /** Checks the size and CRC32C of a compressed file's checkpoint table, when it has one. */
    private void verifyCheckpoints(CheckpointTable.Location checkpoints) {
        if (checkpoints == null) {
            return;
        }
        String name = name(checkpoints.path());
        try (FileChannel channel = FileChannel.open(checkpoints.path(), StandardOpenOption.READ)) {
            long size = channel.size();
            if (size != checkpoints.bytes()) {
                problem(name, "size " + size + " bytes, the manifest says " + checkpoints.bytes());
                return;
            }
            long crc = Checksums.crc32c(channel, checkpoints.path(), 0, size);
            if (crc != manifest.source().checkpointsCrc32c()) {
                problem(name, "CRC32C " + Long.toHexString(crc) + ", the manifest says "
                        + Long.toHexString(manifest.source().checkpointsCrc32c()));
            }
        } catch (NoSuchFileException e) {
            problem(name, "missing");
        } catch (IOException e) {
            problem(name, "cannot read: " + e.getMessage());
        }
    }

    /** A file's name in the report: relative to the store, or as given for a sidecar's data file. */
    private String name(Path file) {
        return file.startsWith(dir) ? dir.relativize(file).toString() : file.toString();
    }

    /**
     * Checks the index file's size, the checksum of its line-start entries and its header; returns a
     * view when the header is sound.
     */
    private LineIndex verifyIndexFile(Path file, String name, IndexFormat.Identity identity, ShardEntry shard,
            Arena arena) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size < shard.indexBytes()) {
                problem(name, "size " + size + " bytes, the manifest says " + shard.indexBytes() + " (truncated)");
                return null;
            }
            MemorySegment mapping = size == 0 ? MemorySegment.NULL
                    : channel.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            LineIndex index = IndexFiles.open(manifest.index(), file, mapping, identity, shard.lines(),
                    shard.textBytes(), shard.indexBytes());
            long crc = index.entriesCrc32c();
            if (crc != shard.indexCrc32c()) {
                problem(name, "CRC32C " + Long.toHexString(crc) + ", the manifest says "
                        + Long.toHexString(shard.indexCrc32c()));
            }
            index.checkWhole();
            return index;
        } catch (NoSuchFileException e) {
            problem(name, "missing");
        } catch (CorruptStoreException | UnsupportedFormatException e) {
            problem(name, e.getMessage());
        } catch (IOException e) {
            problem(name, "cannot read: " + e.getMessage());
        }
        return null;
    }

    /**
     * Checks the data file's identity (its head), then reads its committed bytes once: checksum, line
     * count, final newline, and each index entry.
     */
    private void verifyData(Path file, String name, String indexName, int number, ShardEntry shard, LineIndex index,
            boolean openEnd) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            // Never past the committed bytes: the file may be longer (a grown file, an append that did
            // not commit).
            long size = Math.min(channel.size(), shard.dataBytes());
            if (size < shard.dataBytes()) {
                problem(name, "size " + size + " bytes, the manifest says " + shard.dataBytes() + " (truncated)");
            } else {
                String foreign = DataFileIdentity.mismatch(channel, file, number, shard.dataBytes(),
                        shard.dataHeadCrc32c());
                if (foreign != null) {
                    problem(name, foreign);
                }
            }
            DataScan scan = new DataScan(new EntryCheck(indexName, index));
            long crc;
            boolean scanned = true;
            if (manifest.compression().compressed()) {
                crc = Checksums.crc32c(channel, file, 0, size);
                scanned = decompressInto(scan, file, name, number, shard, channel, size);
            } else {
                ChannelChunks.read(channel, file, 0, size, READ_BUFFER, scan);
                crc = scan.crc.getValue();
            }
            if (crc != shard.dataCrc32c()) {
                problem(name, "CRC32C " + Long.toHexString(crc) + ", the manifest says "
                        + Long.toHexString(shard.dataCrc32c()));
            }
            if (!scanned) {
                return;
            }
            long lines = scan.lines;
            if (scan.last != '\n') {
                if (openEnd) {
                    lines++;
                } else {
                    problem(name, "the last line has no \\n");
                }
            }
            if (lines != shard.lines()) {
                problem(name, "holds " + lines + " lines, the manifest says " + shard.lines());
            }
            scan.entries.report();
        } catch (NoSuchFileException e) {
            problem(name, "missing");
        } catch (IOException e) {
            problem(name, "cannot read: " + e.getMessage());
        }
    }

    /**
     * Feeds the text of a compressed data file to the scan, block by block, each decompressed (which
     * checks its frame's checksum and size against the seek table); returns {@code false} after
     * reporting a file whose seek table or a block is damaged.
     */
    private boolean decompressInto(DataScan scan, Path file, String name, int number, ShardEntry shard,
            FileChannel channel, long size) throws IOException {
        if (size < shard.dataBytes()) {
            return false;
        }
        RangeReader raw = new FileChannelRangeReader(file, channel, READ_BUFFER);
        try (ZstdContexts contexts = new ZstdContexts();
                BlockReader text = CompressedText.open(file, number, raw, size, shard.textBytes(),
                        StoreFiles.checkpoints(dir, manifest), new BlockCache(0),
                        new BlockCache(GzipSpans.WINDOW_CACHE_BYTES), contexts)) {
            text.read(0, shard.textBytes(), scan);
            return true;
        } catch (CorruptStoreException e) {
            problem(name, e.getMessage());
            return false;
        }
    }

    private void problem(String file, String message) {
        problems.add(new VerifyReport.Problem(file, message));
    }

    /** Checksums and counts the lines of a data file's text chunk by chunk, and checks each line start. */
    private static final class DataScan implements ChunkSink {
        private final CRC32C crc = new CRC32C();
        private final LineEnds ends = new LineEnds(READ_BUFFER / Long.BYTES);
        private final EntryCheck entries;
        private long position;
        private long lines;
        private byte last = '\n';

        DataScan(EntryCheck entries) {
            this.entries = entries;
        }

        @Override
        public boolean accept(ByteBuffer chunk) {
            byte[] bytes = chunk.array();
            int from = chunk.arrayOffset() + chunk.position();
            int n = chunk.remaining();
            int to = from + n;
            crc.update(bytes, from, n);
            if (last == '\n') {
                entries.lineStart(lines, position);
            }
            for (int at = from; at < to; ) {
                at = ends.scan(bytes, at, to);
                for (int k = 0; k < ends.count(); k++) {
                    lines++;
                    int end = ends.end(k);
                    if (end < to) {
                        entries.lineStart(lines, position + end - from);
                    }
                }
            }
            last = bytes[to - 1];
            position += n;
            return true;
        }
    }

    /** Compares each line start that an index entry stands for with the entry. */
    private final class EntryCheck {
        private final String name;
        private final LineIndex index;
        private long wrong;

        EntryCheck(String name, LineIndex index) {
            this.name = name;
            this.index = index;
        }

        void lineStart(long line, long offset) {
            if (index == null || line % index.stride() != 0) {
                return;
            }
            long entry = line / index.stride();
            if (entry >= index.entryCount() - 1) {
                return;
            }
            String stored;
            try {
                long value = index.entry(entry);
                stored = value == offset ? null : Long.toString(value);
            } catch (CorruptStoreException e) {
                stored = "unreadable (" + e.getMessage() + ")";
            }
            if (stored != null && wrong++ < MAX_ENTRY_PROBLEMS) {
                problem(name, "entry " + entry + " (line " + line + ") is " + stored + ", but the line starts at "
                        + offset);
            }
        }

        void report() {
            if (wrong > MAX_ENTRY_PROBLEMS) {
                problem(name, (wrong - MAX_ENTRY_PROBLEMS) + " more wrong entries");
            }
        }
    }

}
