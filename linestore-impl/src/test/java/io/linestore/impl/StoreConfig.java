package io.linestore.impl;

import io.linestore.Layout;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StoreOptions;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One (layout x index stride x read method) combination, with tiny buffers and a tiny handle cache so
 * that every chunk, shard and cache boundary is crossed by small inputs.
 *
 * @param layout the layout
 * @param linesPerShard lines per shard when sharded
 * @param stride index stride
 * @param method read method
 */
record StoreConfig(Layout layout, long linesPerShard, int stride, ReadMethod method) {

    static final int WRITE_BUFFER = 3;
    static final int READ_BUFFER = 5;
    static final int HANDLE_CACHE = 2;
    /** Small, so that AUTO reads some ranges through the mapping and others through the channel. */
    static final long AUTO_THRESHOLD = 16;

    /** Every combination the contract must hold for. */
    static List<StoreConfig> all() {
        List<StoreConfig> configs = new ArrayList<>();
        for (ReadMethod method : ReadMethod.values()) {
            for (int stride : new int[] {0, 1, 7}) {
                configs.add(new StoreConfig(Layout.SINGLE, StoreOptions.DEFAULT_LINES_PER_SHARD, stride, method));
                configs.add(new StoreConfig(Layout.SHARDED, 1, stride, method));
                configs.add(new StoreConfig(Layout.SHARDED, 3, stride, method));
            }
        }
        return configs;
    }

    StoreOptions storeOptions() {
        return StoreOptions.builder()
                .layout(layout)
                .linesPerShard(linesPerShard)
                .indexStride(stride)
                .writeBufferSize(WRITE_BUFFER)
                .autoThresholdBytes(AUTO_THRESHOLD)
                .build();
    }

    ReadOptions readOptions() {
        return ReadOptions.builder()
                .method(method)
                .readBufferSize(READ_BUFFER)
                .handleCacheSize(HANDLE_CACHE)
                .build();
    }

    /** Builds a store of these bytes in {@code dir} and opens it. */
    LineStore build(byte[] input, Path dir) {
        LineStores.build(new ByteArrayInputStream(input), dir, storeOptions());
        return LineStores.open(dir, readOptions());
    }

    @Override
    public String toString() {
        return (layout == Layout.SINGLE ? "single" : "sharded" + linesPerShard) + " stride" + stride + " " + method;
    }
}
