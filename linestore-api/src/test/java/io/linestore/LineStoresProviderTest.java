package io.linestore;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The provider named by {@link LineStores#PROVIDER_PROPERTY}: a name that is no provider is a clear
 * error naming the property and the value. (The launcher's runs, LauncherIT, load the real one by name;
 * the service lookup is what every other test goes through.)
 */
class LineStoresProviderTest {

    @Test
    void aClassThatIsNoProviderIsRefusedNamingThePropertyAndTheClass() {
        assertThatThrownBy(() -> LineStores.provider(String.class.getName()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(LineStores.PROVIDER_PROPERTY + "=java.lang.String")
                .hasCauseInstanceOf(ClassCastException.class);
    }

    @Test
    void aMissingClassIsRefusedNamingThePropertyAndTheClass() {
        assertThatThrownBy(() -> LineStores.provider("io.linestore.NoSuchProvider"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(LineStores.PROVIDER_PROPERTY + "=io.linestore.NoSuchProvider")
                .hasCauseInstanceOf(ClassNotFoundException.class);
    }

    /** The failure is kept, not thrown from a class initialiser: the second call says the same. */
    @Test
    void withoutAnImplementationEveryCallSaysWhatToAddNotOnlyTheFirst() {
        for (int call = 0; call < 2; call++) {
            assertThatThrownBy(() -> LineStores.open(Path.of("store")))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("put linestore-impl on the class path");
        }
    }

    @Test
    void withoutANameAndWithoutAnImplementationTheServiceLookupSaysWhatToAdd() {
        assertThatThrownBy(() -> LineStores.provider(null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("put linestore-impl on the class path");
    }
}
