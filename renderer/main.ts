import { mount } from 'svelte';
import App from './App.svelte';
import { init } from './lib/bridge.ts';
import './styles/global.css';

// window.notarium when the Electron preload exposed it, else the web shell's bridge.
init();
mount(App, { target: document.getElementById('app')! });
