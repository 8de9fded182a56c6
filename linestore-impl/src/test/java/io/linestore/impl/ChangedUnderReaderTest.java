package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.CorruptStoreException;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.StoreOptions;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A mapped file cut shorter under an open store is a damaged store that names the file that changed,
 * never the JVM's {@code InternalError} ("a fault occurred in an unsafe memory access operation").
 */
class ChangedUnderReaderTest {

    @TempDir
    Path tmp;

    @Test
    void aMappedDataFileTruncatedUnderTheReaderIsCorrupt() throws IOException {
        Path store = build();
        try (LineStore reader = LineStores.open(store, ReadMethod.MMAP)) {
            assertThat(reader.read(0, 1)).containsExactly("line 0");
            truncate(StorePaths.data(store, 0));
            assertThatThrownBy(() -> reader.read(1500, 2)).isInstanceOf(CorruptStoreException.class)
                    .hasMessageContaining("data.lines").hasMessageContaining("changed size under the reader");
        }
    }

    /**
     * Bytes sent straight from the mapping of a file truncated while they are written (here by the
     * target itself, at its first write): the kernel refuses the write ("Bad address"), which must
     * name the data file, not the target.
     */
    @Test
    void aMappedDataFileTruncatedDuringATransferNamesTheFile() throws IOException {
        Path store = build();
        Path data = StorePaths.data(store, 0);
        try (LineStore reader = LineStores.open(store, ReadMethod.MMAP);
                FileChannel out = FileChannel.open(tmp.resolve("out"), StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE)) {
            WritableByteChannel truncating = new WritableByteChannel() {
                private boolean truncated;

                @Override
                public int write(ByteBuffer bytes) throws IOException {
                    if (!truncated) {
                        truncated = true;
                        truncate(data);
                    }
                    return out.write(bytes);
                }

                @Override
                public boolean isOpen() {
                    return true;
                }

                @Override
                public void close() {
                }
            };
            assertThatThrownBy(() -> reader.transferTo(0, 2000, truncating)).isInstanceOf(CorruptStoreException.class)
                    .hasMessageContaining("data.lines").hasMessageContaining("changed size under the reader");
        }
    }

    @Test
    void aMappedIndexTruncatedUnderTheReaderIsCorrupt() throws IOException {
        Path store = build();
        try (LineStore reader = LineStores.open(store, ReadMethod.FILE_CHANNEL)) {
            assertThat(reader.read(0, 1)).containsExactly("line 0");
            truncate(StorePaths.index(store, 0));
            assertThatThrownBy(() -> reader.read(1500, 2)).isInstanceOf(CorruptStoreException.class)
                    .hasMessageContaining("data.idx").hasMessageContaining("changed size under the reader");
        }
    }

    /** A data file truncated under a channel reader says where the file now ends, never "truncated: null". */
    @ParameterizedTest
    @EnumSource(value = ReadMethod.class, names = {"FILE_CHANNEL", "RANDOM_ACCESS_FILE", "BUFFERED_READER"})
    void aDataFileTruncatedUnderAChannelReaderSaysWhereItEnds(ReadMethod method) throws IOException {
        Path store = build();
        try (LineStore reader = LineStores.open(store, method)) {
            assertThat(reader.read(0, 1)).containsExactly("line 0");
            try (RandomAccessFile raf = new RandomAccessFile(StorePaths.data(store, 0).toFile(), "rw")) {
                raf.setLength(20);
            }
            assertThatThrownBy(() -> reader.read(1500, 2)).isInstanceOf(CorruptStoreException.class)
                    .hasMessageContaining("data.lines").hasMessageContaining("is 20 bytes")
                    .hasMessageNotContaining("null");
        }
    }

    private Path build() {
        StringBuilder text = new StringBuilder();
        for (int n = 0; n < 2000; n++) {
            text.append("line ").append(n).append('\n');
        }
        Path store = tmp.resolve("s");
        LineStores.build(new ByteArrayInputStream(text.toString().getBytes(StandardCharsets.US_ASCII)), store,
                StoreOptions.defaults());
        return store;
    }

    private static void truncate(Path file) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(0);
        }
    }
}
