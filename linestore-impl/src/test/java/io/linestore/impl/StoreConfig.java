package io.linestore.impl;

import io.linestore.Compression;
import io.linestore.IndexKind;
import io.linestore.IndexOptions;
import io.linestore.Layout;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StoreOptions;
import io.linestore.WriteOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One (layout x index kind x compression x read method) combination, with tiny buffers and a tiny
 * handle cache so that every chunk, shard and cache boundary is crossed by small inputs. The layouts
 * are single, sharded, and a file indexed in place (a sidecar index). Shards of 3 lines are read by
 * every method; shards of one line (a shard end after every line, a file per line) by a stream and
 * by the mapping, since what a one-line shard tests lies in the index and the walk over shards, which
 * every method shares, and a file per line costs a third of the suite's time. Compressed stores have blocks of
 * 64 bytes, so that lines cross blocks and a line longer than a block spans several, and a block cache
 * of none or 200 bytes, so that blocks are decompressed again and evicted. gzip and zstd files indexed
 * in place ({@link CompressedFiles}) have a checkpoint every 64 bytes of text; a gzip file is indexed
 * in two steps, half its text first, then again after the members of the other half are appended.
 *
 * @param layout the layout
 * @param linesPerShard lines per shard when sharded
 * @param index index kind; compact ones with blocks of 2 lines, so that small inputs fill blocks and
 *     segments
 * @param method read method
 * @param sidecar whether the input is indexed in place instead of copied into a store
 * @param compression how the store's data files are compressed
 */
record StoreConfig(Layout layout, long linesPerShard, IndexKind index, ReadMethod method, boolean sidecar,
        Compression compression) {

    static final int WRITE_BUFFER = 3;
    static final int READ_BUFFER = 5;
    static final int HANDLE_CACHE = 2;
    /** Small, so that AUTO reads some ranges through the mapping and others through the channel. */
    static final long AUTO_THRESHOLD = 16;
    /** Every index kind; compact with blocks of 2 lines, so that small inputs fill blocks and segments. */
    static final List<IndexKind> INDEXES = List.of(IndexKind.NONE, IndexKind.DENSE, IndexKind.sparse(7),
            IndexKind.compact(2));
    /** zstd blocks of the smallest size, at the fastest level. */
    static final Compression ZSTD = Compression.zstd(1, Compression.MIN_BLOCK_BYTES);
    /** gzip files indexed in place, a checkpoint every 64 bytes of text. */
    static final Compression GZIP_FILE = Compression.inPlace("gzip", Compression.MIN_BLOCK_BYTES);
    /** zstd files of many frames indexed in place, a checkpoint every 64 bytes of text. */
    static final Compression ZSTD_FILE = Compression.inPlace("zstd", Compression.MIN_BLOCK_BYTES);

    /** Every combination of a store directory (not a sidecar): those that can be appended to. */
    static List<StoreConfig> stores() {
        return all().stream().filter(config -> !config.sidecar()).toList();
    }

    /** Every combination the contract must hold for. */
    static List<StoreConfig> all() {
        List<StoreConfig> configs = new ArrayList<>();
        for (ReadMethod method : ReadMethod.values()) {
            for (IndexKind index : INDEXES) {
                configs.add(new StoreConfig(Layout.SINGLE, StoreOptions.DEFAULT_LINES_PER_SHARD, index, method, false,
                        Compression.NONE));
                if (method == ReadMethod.BUFFERED_READER || method == ReadMethod.MMAP) {
                    configs.add(new StoreConfig(Layout.SHARDED, 1, index, method, false, Compression.NONE));
                }
                configs.add(new StoreConfig(Layout.SHARDED, 3, index, method, false, Compression.NONE));
                if (index.stride() > 0) {
                    for (Compression file : List.of(Compression.NONE, GZIP_FILE, ZSTD_FILE)) {
                        configs.add(new StoreConfig(Layout.SINGLE, StoreOptions.DEFAULT_LINES_PER_SHARD, index, method,
                                true, file));
                    }
                }
                configs.add(new StoreConfig(Layout.SINGLE, StoreOptions.DEFAULT_LINES_PER_SHARD, index, method, false,
                        ZSTD));
                configs.add(new StoreConfig(Layout.SHARDED, 3, index, method, false, ZSTD));
            }
        }
        return configs;
    }

    StoreOptions storeOptions() {
        return StoreOptions.builder()
                .layout(layout)
                .linesPerShard(linesPerShard)
                .index(index)
                .autoThresholdBytes(AUTO_THRESHOLD)
                .compression(compression)
                .build();
    }

    /** What a sidecar config's file holds for these lines: them, or them compressed as the config says. */
    byte[] fileBytes(byte[] input) {
        return switch (compression.codec()) {
            case "gzip" -> CompressedFiles.gzip(input, input.length);
            case "zstd" -> sidecar ? CompressedFiles.zstd(input, compression.blockBytes(), input.length) : input;
            default -> input;
        };
    }

    /** How a sidecar config indexes its file. */
    IndexOptions indexOptions() {
        return IndexOptions.builder().index(index).autoThresholdBytes(AUTO_THRESHOLD)
                .spanBytes(Compression.MIN_BLOCK_BYTES).build();
    }

    static WriteOptions writeOptions() {
        return WriteOptions.builder().writeBufferSize(WRITE_BUFFER).build();
    }

    ReadOptions readOptions() {
        return readOptions(READ_BUFFER);
    }

    ReadOptions readOptions(int readBufferSize) {
        return ReadOptions.builder()
                .method(method)
                .readBufferSize(readBufferSize)
                .handleCacheSize(HANDLE_CACHE)
                .blockCacheBytes(layout == Layout.SINGLE && !compression.inPlace() ? 0 : 200)
                .build();
    }

    /**
     * Builds a store of these bytes at {@code path} (for a sidecar: writes them, compressed if the
     * config says so, to the file {@code path} and indexes it) and opens it.
     */
    LineStore build(byte[] input, Path path) {
        return build(input, path, READ_BUFFER);
    }

    /** As {@link #build(byte[], Path)}, read through buffers of {@code readBufferSize} bytes. */
    LineStore build(byte[] input, Path path, int readBufferSize) {
        if (sidecar) {
            try {
                if (compression.codec().equals("gzip")) {
                    // Indexed as a log that grows by members: the second index goes on from the first's end.
                    int half = input.length / 2;
                    Files.write(path, fileBytes(Arrays.copyOf(input, half)));
                    LineStores.index(path, indexOptions(), writeOptions());
                    Files.write(path, fileBytes(Arrays.copyOfRange(input, half, input.length)),
                            StandardOpenOption.APPEND);
                } else {
                    Files.write(path, fileBytes(input));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            LineStores.index(path, indexOptions(), writeOptions());
        } else {
            LineStores.build(new ByteArrayInputStream(input), path, storeOptions(), writeOptions());
        }
        return LineStores.open(path, readOptions(readBufferSize));
    }

    @Override
    public String toString() {
        String where = sidecar ? "sidecar" : layout == Layout.SINGLE ? "single" : "sharded" + linesPerShard;
        return where + " " + index + (compression.compressed() ? " " + compression : "") + " " + method;
    }
}
