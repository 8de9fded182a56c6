package io.linestore.impl;

import com.github.luben.zstd.util.Native;
import io.linestore.AppendSummary;
import io.linestore.BuildSummary;
import io.linestore.ExistingStore;
import io.linestore.IndexOptions;
import io.linestore.IndexSummary;
import io.linestore.LineStore;
import io.linestore.ReadOptions;
import io.linestore.StoreOptions;
import io.linestore.WriteOptions;
import io.linestore.impl.build.CompressedInput;
import io.linestore.impl.build.InputFile;
import io.linestore.impl.build.LineTooLongException;
import io.linestore.impl.build.SidecarIndexer;
import io.linestore.impl.build.StoreAppender;
import io.linestore.impl.build.StoreBuilder;
import io.linestore.impl.gzip.Zlib;
import io.linestore.impl.io.ChunkSource;
import io.linestore.spi.LineStoreProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/** The {@link LineStoreProvider} of this module, registered with {@link java.util.ServiceLoader}. */
public final class DefaultLineStoreProvider implements LineStoreProvider {

    /** Called by {@link java.util.ServiceLoader}. */
    public DefaultLineStoreProvider() {
    }

    @Override
    public BuildSummary build(Path input, Path storeDir, StoreOptions store, WriteOptions write,
            ExistingStore existing) {
        try (InputFile in = InputFile.open(input, storeDir)) {
            return StoreBuilder.build(in.source(), storeDir, store, write, existing == ExistingStore.REPLACE);
        } catch (LineTooLongException e) {
            throw e.in(input);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close input " + input + ": " + e.getMessage(), e);
        }
    }

    @Override
    public BuildSummary build(InputStream input, Path storeDir, StoreOptions store, WriteOptions write,
            ExistingStore existing) {
        return StoreBuilder.build(ChunkSource.of(text(input)), storeDir, store, write,
                existing == ExistingStore.REPLACE);
    }

    @Override
    public void prepareIndex(Path file) {
        SidecarIndexer.prepare(file);
    }

    @Override
    public List<String> codecs() {
        String zstd;
        try {
            Native.load();
            zstd = "zstd: zstd-jni (its native library loaded)";
        } catch (LinkageError | RuntimeException e) {
            zstd = "zstd: unavailable (zstd-jni's native library did not load: " + e.getMessage() + ")";
        }
        return List.of(zstd, "gzip: " + Zlib.availability());
    }

    @Override
    public IndexSummary index(Path file, IndexOptions index, WriteOptions write) {
        try {
            return SidecarIndexer.index(file, index, write);
        } catch (LineTooLongException e) {
            throw e.in(file);
        }
    }

    @Override
    public AppendSummary append(Path storeDir, InputStream input, WriteOptions write) {
        return StoreAppender.append(storeDir, ChunkSource.of(text(input)), write);
    }

    @Override
    public AppendSummary append(Path storeDir, Path input, WriteOptions write) {
        try (InputFile in = InputFile.open(input, storeDir)) {
            return StoreAppender.append(storeDir, in.source(), write);
        } catch (LineTooLongException e) {
            throw e.in(input);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close input " + input + ": " + e.getMessage(), e);
        }
    }

    @Override
    public LineStore open(Path storeDir, ReadOptions options) {
        return DirectoryLineStore.open(storeDir, options);
    }

    /** A stream's text: decompressed when it is gzip or zstd (told by its first bytes, when read). */
    private static InputStream text(InputStream input) {
        return CompressedInput.text(input, "the input stream");
    }
}
