<?php
// PSR-4 autoloader for users without Composer: `require '<path-to-repo>/clients/php/autoload.php';`
// maps PdfService\X\Y to src/X/Y.php, exactly as composer.json's autoload section does.
declare(strict_types=1);

spl_autoload_register(static function (string $class): void {
    $prefix = 'PdfService\\';
    if (strncmp($class, $prefix, strlen($prefix)) !== 0) {
        return;
    }
    $file = __DIR__ . '/src/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
    if (is_file($file)) {
        require $file;
    }
});
