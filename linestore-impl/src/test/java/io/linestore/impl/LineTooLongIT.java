package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.LineStores;
import io.linestore.StoreNotFoundException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A line longer than a Java array could hold is refused by build, index and append, since it could
 * never be read. The input is a sparse file of one line a little over 2 GiB,
 * so it costs no disk until a writer copies it; indexing it reads it once. Build and append copy it,
 * 2 GiB each, so they are checked in {@link LineTooLongBigIT}, in the {@code big} profile.
 */
class LineTooLongIT {

    /** One byte more than the longest line a reader can return. */
    static final long TOO_LONG = Integer.MAX_VALUE - 8 + 1L;

    @TempDir
    Path tmp;

    /**
     * Writes a sparse file holding the line {@code a}, then one line of {@code Integer.MAX_VALUE - 7}
     * bytes from byte 2.
     *
     * @param file where
     * @return the file
     * @throws IOException if it cannot be written
     */
    static Path oneHugeLine(Path file) throws IOException {
        try (RandomAccessFile out = new RandomAccessFile(file.toFile(), "rw")) {
            out.setLength(2 + TOO_LONG);
            out.write(new byte[] {'a', '\n'});
            out.seek(2 + TOO_LONG - 1);
            out.write('\n');
        }
        return file;
    }

    /**
     * Index refuses the line and gives back what it made, its sidecar directory and lock file too: a
     * read of the file then says it is not indexed, as for a file never indexed.
     */
    @Test
    void indexRefusesItAndLeavesTheFileAsNeverIndexed() throws IOException {
        Path huge = oneHugeLine(tmp.resolve("one-huge-line.txt"));
        assertThatThrownBy(() -> LineStores.index(huge)).hasMessageContaining(huge.toString())
                .hasMessageContaining("line 1, from byte 2, is longer than");
        assertThat(huge.resolveSibling(huge.getFileName() + ".lsidx")).doesNotExist();
        assertThatThrownBy(() -> LineStores.open(huge)).isInstanceOf(StoreNotFoundException.class)
                .hasMessageContaining("not indexed").hasMessageContaining("linestore index " + huge);
    }
}
